export { DASHBOARD_MENUS, type MenuEntry } from './menus';
export { DashboardFrame, PlannedPage, RoleDashboard, type RoleDashboardProps } from './dashboard-frame';
export { PageHeader } from './page-header';
export { QuickActions, type QuickAction } from './quick-actions';
export { EmptyState, QueryView, type QueriesViewProps, type QueryViewProps, type ViewedQuery } from './query-view';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { EditButton, EntityFormDialog, FormDialog, SaveOrCancel, type EntityFormDialogProps, type FormDialogProps } from './form-dialog';
export { NOT_YET, StatCard, type StatCardProps } from './stat-card';
export {
  academyTimeZone,
  academyZoneLabel,
  browserTimeZone,
  countOf,
  describeUserAgent,
  formatDate,
  formatDateTime,
  formatDueDate,
  fromDueDateInput,
  toDueDateInput,
} from './format';
export {
  userAdminKeys,
  useAssignRoleMutation,
  useCreateUserMutation,
  useDeleteUserMutation,
  useReissuePasswordMutation,
  useStudentsQuery,
  useUpdateStudentMutation,
  useUsersQuery,
} from './api/user-admin';
export { ReissuePassword } from './users/reissue-password';
export { CREATE_USER_DEFAULTS, CREATE_USER_ROLE_OPTIONS, CreateUserForm, CreateUserPage, STUDENT_ADMIN_ROLE_OPTIONS } from './users/create-user-form';
export { ChangePasswordCard, NOTIFICATION_PREFERENCE_LABELS, NotificationPreferencesCard, SessionsCard, SettingsPage } from './account/settings-page';
export {
  catalogKeys,
  refreshCatalog,
  useAssignTeacherMutation,
  useChangeEnrollmentStatusMutation,
  useCreateProgramMutation,
  useCreateSubjectMutation,
  useDeleteProgramMutation,
  useDeleteSubjectMutation,
  useEnrollStudentMutation,
  useEnrollmentsQuery,
  useEnrollmentCountsQuery,
  useImportEnrollmentsMutation,
  useMyEnrollmentQuery,
  useMySubjectsQuery,
  useProgramsQuery,
  useRemoveAssignmentMutation,
  useSubjectsQuery,
  useTeacherAssignmentsQuery,
  useUpdateProgramMutation,
  useUpdateSubjectMutation,
} from './api/catalog';
export { describeHealth, healthAnswerSchema, healthKey, useHealthQuery, type HealthAnswer } from './api/health';
export {
  learningKeys,
  useAddTaskMutation,
  useCreateWeekMutation,
  useLessonsQuery,
  useRemoveCapstoneMutation,
  useRemoveTaskMutation,
  useReorderTasksMutation,
  useSetCapstoneMutation,
  useSetWeekPublishedMutation,
  useTeacherWeeksQuery,
  useUpdateTaskMutation,
  useUpdateWeekMutation,
} from './api/learning';
export {
  gradingKeys,
  refreshStudentWork,
  useGradeHistoryQuery,
  useGradeSubmissionMutation,
  useGradesCsvDownload,
  useMyGradesQuery,
  useProgressQuery,
  useStudentDashboardQuery,
  useSubmissionDetailQuery,
  useSubmitWorkMutation,
  useTeacherDashboardQuery,
  useTeacherSubmissionsQuery,
} from './api/grading';
export { NotificationsBell } from './notifications-bell';
export { notificationKeys, useMarkNotificationsReadMutation, useNotificationsQuery } from './api/notifications';
export {
  admissionsKeys,
  prospectsUrl,
  useAdmissionsCountsQuery,
  useConvertProspectMutation,
  useDeclineProspectMutation,
  useMarkContactedMutation,
  useProspectsQuery,
  useRefreshAdmissions,
  type ProspectFilter,
} from './admissions/api';
export { DEFAULT_PROSPECT_FILTER, PROSPECT_KIND_LABELS, isFiltered, prospectActions, prospectFilterParams, readProspectFilter } from './admissions/prospect-filters';
export { WhyPage, whyPath } from './audit/why-page';
export { ProspectFilters, ProspectivePage, ProspectsTable, SEARCH_DELAY_MS } from './admissions/prospective-page';
export {
  auditKeys,
  VERIFICATION_POLL_MS,
  useAuditChainQuery,
  useAuditEventQuery,
  useAuditEventsQuery,
  useAuditWhyQuery,
  useAuditAsOfQuery,
  useEvidenceDownload,
  useAuditOverviewQuery,
  useCheckpointsQuery,
  useExportCheckpointMutation,
  useRequestVerificationMutation,
  useSignCheckpointMutation,
  useVerificationQuery,
  useLastReplayQuery,
  useReplayQuery,
  useRequestReplayMutation,
} from './api/audit';
export { usePersonalDataAccessQuery, useSetPersonalDataAccessMutation } from './api/audit-access';
export { queueKeys, useAdminQueuesQuery, useRetryJobMutation } from './api/queues';
export { certificateKeys, saveBlob, useCertificatePdfDownload, useCertificatesQuery, useMyCertificatesQuery, useRevokeCertificateMutation } from './api/certificates';
export {
  announcementKeys,
  useAnnouncementAudiencesQuery,
  useEditAnnouncementMutation,
  useManagedAnnouncementsQuery,
  useMyAnnouncementsQuery,
  usePostAnnouncementMutation,
  useWithdrawAnnouncementMutation,
} from './api/announcements';
export { announcementByline, PinnedAnnouncements } from './announcements/pinned-announcements';
export { AnnouncementsPage } from './announcements/announcements-page';
