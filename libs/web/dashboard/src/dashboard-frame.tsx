import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, Route, Routes } from 'react-router-dom';
import { LogOut } from 'lucide-react';
import type { Role } from '@academy/contracts';
import {
  Button,
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
  ThemeToggle,
  useSidebar,
} from '@academy/ui';
import { DASHBOARD_PATHS, useSession } from '@academy/web-session';
import { DASHBOARD_MENUS, type MenuEntry } from './menus';
import { NotificationsBell } from './notifications-bell';

function MenuLink({ entry, base }: { entry: MenuEntry; base: string }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = entry.icon;
  const to = entry.path ? `${base}/${entry.path}` : base;
  return (
    <SidebarMenuItem>
      {/* `end` on the dashboard itself: otherwise it would be "active" on every page under it. */}
      <NavLink to={to} end={!entry.path} onClick={() => isMobile && setOpenMobile(false)}>
        {({ isActive }) => (
          <SidebarMenuButton asChild isActive={isActive} tooltip={entry.title}>
            <span>
              <Icon aria-hidden="true" />
              <span>{entry.title}</span>
            </span>
          </SidebarMenuButton>
        )}
      </NavLink>
    </SidebarMenuItem>
  );
}

function SignOutButton() {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}

const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', teacher: 'Teacher', student: 'Student', student_admin: 'Student Admin', auditor: 'Auditor' };

/** The frame of a role's dashboard: side menu, header, and the current page (<Outlet />). */
export function DashboardFrame({ role }: { role: Role }) {
  const { user } = useSession();
  const base = DASHBOARD_PATHS[role];
  return (
    <SidebarProvider>
      <Sidebar label={`${ROLE_LABELS[role]} menu`}>
        <SidebarHeader>
          <div className="flex h-8 items-center gap-2 px-1 font-semibold">
            <ProductMark />
            <span className="truncate group-data-[collapsible=icon]/sidebar:hidden">{ROLE_LABELS[role]}</span>
          </div>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroupLabel>Menu</SidebarGroupLabel>
          <SidebarMenu>
            {DASHBOARD_MENUS[role].map((entry) => (
              <MenuLink key={entry.path} entry={entry} base={base} />
            ))}
          </SidebarMenu>
        </SidebarContent>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
          <SidebarTrigger />
          <span className="text-lg font-semibold tracking-tight">Academy</span>
          <div className="ml-auto flex items-center gap-2">
            {user && <span className="hidden max-w-64 truncate text-sm text-muted-foreground sm:inline" data-testid="user-email">{user.email}</span>}
            <ThemeToggle />
            <NotificationsBell />
            <SignOutButton />
          </div>
        </header>
        <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-8 md:px-8">
          <Outlet />
        </main>
      </SidebarInset>
    </SidebarProvider>
  );
}

function ProductMark() {
  return <img src="/favicon.svg" alt="" className="size-6 shrink-0" />;
}

export interface RoleDashboardProps {
  role: Role;
  /** The dashboard's own page (index route). */
  home: ReactNode;
  /** The page of each menu entry, by its path. */
  pages: Record<string, ReactNode>;
  /** Pages reached by links, not from the menu (the admin's Why page, where the staff screens' "Why?" leads), by path. */
  linkedPages?: Record<string, ReactNode>;
  /** The shell's 404 page, for paths the menu does not know. */
  notFound?: ReactNode;
}

/** A remote's routes: every menu entry of the role inside the frame, and the 404 page for the rest. */
export function RoleDashboard({ role, home, pages, linkedPages = {}, notFound = null }: RoleDashboardProps) {
  return (
    <Routes>
      <Route element={<DashboardFrame role={role} />}>
        <Route index element={home} />
        {DASHBOARD_MENUS[role]
          .filter((entry) => entry.path)
          .map((entry) => (
            <Route key={entry.path} path={entry.path} element={pages[entry.path]} />
          ))}
        {Object.entries(linkedPages).map(([path, page]) => (
          <Route key={path} path={path} element={page} />
        ))}
      </Route>
      <Route path="*" element={notFound} />
    </Routes>
  );
}
