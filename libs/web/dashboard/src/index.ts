export { DASHBOARD_MENUS, type MenuEntry } from './menus';
export { DashboardFrame, PlannedPage, RoleDashboard, type RoleDashboardProps } from './dashboard-frame';
