import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentProps, type CSSProperties } from 'react';
import { PanelLeftIcon } from 'lucide-react';
import { Slot } from 'radix-ui';
import { cn } from '../lib/cn';
import {
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  isSidebarShortcut,
  readSidebarCookie,
  sidebarCookie,
} from '../lib/sidebar-state';
import { useIsMobile } from '../lib/use-is-mobile';
import { Button } from './button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';

interface SidebarContextValue {
  /** Desktop: expanded (true) or collapsed to icons (false). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile: the sheet is shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used within a SidebarProvider.');
  return context;
}

function savedState(defaultOpen: boolean): boolean {
  return (typeof document !== 'undefined' ? readSidebarCookie(document.cookie) : undefined) ?? defaultOpen;
}

export function SidebarProvider({ defaultOpen = true, className, style, children, ...props }: ComponentProps<'div'> & { defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => savedState(defaultOpen));
  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    // Kept in a cookie so the next visit (or a reload) starts as the user left it.
    document.cookie = sidebarCookie(value);
  }, []);
  const toggleSidebar = useCallback(() => (isMobile ? setOpenMobile((v) => !v) : setOpen(!open)), [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }), [open, setOpen, openMobile, isMobile, toggleSidebar]);
  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={{ '--sidebar-width': SIDEBAR_WIDTH, '--sidebar-width-icon': SIDEBAR_WIDTH_ICON, ...style } as CSSProperties}
        className={cn('flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/** The side menu: a column that collapses to icons on desktop, a sheet on mobile. */
export function Sidebar({ className, children, label = 'Main menu', ...props }: ComponentProps<'nav'> & { label?: string }) {
  const { isMobile, open, openMobile, setOpenMobile } = useSidebar();
  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          data-slot="sidebar"
          data-mobile="true"
          side="left"
          className="w-(--sidebar-width) p-0"
          style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">The sections of your dashboard.</SheetDescription>
          <nav aria-label={label} className={cn('flex h-full w-full flex-col', className)} {...props}>
            {children}
          </nav>
        </SheetContent>
      </Sheet>
    );
  }
  const state = open ? 'expanded' : 'collapsed';
  return (
    <nav
      aria-label={label}
      data-slot="sidebar"
      data-state={state}
      data-collapsible={open ? '' : 'icon'}
      className={cn(
        'group/sidebar sticky top-0 flex h-svh shrink-0 flex-col overflow-hidden border-r bg-muted/40 transition-[width] duration-200 ease-linear',
        open ? 'w-(--sidebar-width)' : 'w-(--sidebar-width-icon)',
        className,
      )}
      {...props}
    >
      {children}
    </nav>
  );
}

export function SidebarTrigger({ className, onClick, ...props }: ComponentProps<typeof Button>) {
  const { toggleSidebar, open, isMobile, openMobile } = useSidebar();
  return (
    <Button
      data-slot="sidebar-trigger"
      variant="ghost"
      size="icon"
      className={cn('size-7', className)}
      aria-expanded={isMobile ? openMobile : open}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <PanelLeftIcon aria-hidden="true" />
      <span className="sr-only">Toggle Sidebar</span>
    </Button>
  );
}

export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-inset" className={cn('flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-content" className={cn('flex min-h-0 flex-1 flex-col gap-2 overflow-auto p-2', className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      className={cn('flex h-8 shrink-0 items-center px-2 text-xs font-medium text-muted-foreground group-data-[collapsible=icon]/sidebar:hidden', className)}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-1', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

/**
 * A menu entry. `asChild` renders the child (a router link) with these styles; its label is hidden
 * in icon mode, where `tooltip` (the label) becomes the title so the icon still says what it is.
 */
export function SidebarMenuButton({ asChild = false, isActive = false, tooltip, className, ...props }: ComponentProps<'button'> & { asChild?: boolean; isActive?: boolean; tooltip?: string }) {
  const Comp = asChild ? Slot.Root : 'button';
  const { open, isMobile } = useSidebar();
  return (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      title={!open && !isMobile ? tooltip : undefined}
      className={cn(
        'flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none transition-[width,height,padding] hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring data-[active=true]:bg-accent data-[active=true]:font-medium data-[active=true]:text-accent-foreground',
        'group-data-[collapsible=icon]/sidebar:size-8! group-data-[collapsible=icon]/sidebar:p-2! [&>span:last-child]:truncate group-data-[collapsible=icon]/sidebar:[&>span:last-child]:sr-only [&>svg]:size-4 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}
