export { cn } from './lib/cn';
export { Button, SubmitButton, buttonVariants, type ButtonProps } from './components/button';
export { Accordion, AccordionItem, AccordionTrigger, AccordionContent } from './components/accordion';
export { Badge, badgeVariants, type BadgeProps } from './components/badge';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel';
export { Input } from './components/input';
export { NativeSelect } from './components/native-select';
export { FormField, FormSelectField, FormTextareaField } from './components/form-field';
export { Switch } from './components/switch';
export { DataTable, type DataColumn, type DataTableProps, type SortValue } from './components/data-table';
export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell, TableCaption } from './components/table';
export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
} from './components/alert-dialog';
export { Label } from './components/label';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs';
export { Dialog, DialogTrigger, DialogClose, DialogPortal, DialogOverlay, DialogContent, DialogHeader, DialogFooter, DialogTitle, DialogDescription } from './components/dialog';
export { Sheet, SheetContent, SheetTitle, SheetDescription } from './components/sheet';
export { Popover, PopoverTrigger, PopoverContent } from './components/popover';
export { Spinner } from './components/spinner';
export { Toaster, toast } from './components/toaster';
export { ThemeToggle, useTheme } from './components/theme-toggle';
export { applyTheme, currentTheme, setThemePreference, startTheme, subscribeTheme, themePreference, THEME_STORAGE_KEY, type Theme, type ThemePreference } from './lib/theme';
export {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from './components/sidebar';
export { useIsMobile } from './lib/use-is-mobile';
export {
  MOBILE_BREAKPOINT,
  SIDEBAR_COOKIE_MAX_AGE,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  isSidebarShortcut,
  readSidebarCookie,
  sidebarCookie,
} from './lib/sidebar-state';
