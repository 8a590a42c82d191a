export { cn } from './lib/cn';
export { Button, SubmitButton, buttonVariants, type ButtonProps } from './components/button';
export { Accordion, AccordionItem, AccordionTrigger, AccordionContent } from './components/accordion';
export { Badge, type BadgeProps } from './components/badge';
export { Card, CardHeader, CardTitle, CardDescription, CardContent, CardFooter } from './components/card';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel';
export { Input } from './components/input';
export { NativeSelect, type SelectOption } from './components/native-select';
export { FormField, FormSelectField, FormTextareaField, SelectField } from './components/form-field';
export { Switch } from './components/switch';
export { DataTable, type DataColumn, type DataTableProps, type SortValue } from './components/data-table';
export {
  AlertDialog,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogCancel,
} from './components/alert-dialog';
export { Label } from './components/label';
export { Tabs, TabsList, TabsTrigger, TabsContent } from './components/tabs';
export { Dialog, DialogTrigger, DialogContent, DialogHeader, DialogFooter, DialogTitle, DialogDescription } from './components/dialog';
export { Sheet, SheetContent, SheetTitle, SheetDescription } from './components/sheet';
export { Popover, PopoverTrigger, PopoverContent } from './components/popover';
export { Spinner } from './components/spinner';
export { ProgressBar } from './components/progress-bar';
export { Toaster, toast } from './components/toaster';
export { ThemeToggle } from './components/theme-toggle';
export { startTheme, type Theme, type ThemePreference } from './lib/theme';
export {
  Sidebar,
  SidebarContent,
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
