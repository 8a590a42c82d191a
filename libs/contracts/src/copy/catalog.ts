// The catalog context's UI copy: messages and labels the frontends show and the API sends (spec §8).
export const CATALOG_MESSAGES = {
  programCreated: 'Program created successfully',
  programUpdated: 'Program updated successfully',
  programDeleted: 'Program deleted successfully',
  programNotFound: 'Program not found',
  programInUse: 'This program has subjects or enrollments: remove them first.',
  subjectCreated: 'Subject created successfully',
  subjectUpdated: 'Subject updated successfully',
  subjectDeleted: 'Subject deleted successfully',
  subjectNotFound: 'Subject not found',
  subjectInUse: 'This subject has teacher assignments or enrollments: remove them first.',
  /** Its enrollments name the program they were made in: the cohort cannot change program under them. */
  subjectHasEnrollments: 'This subject has enrollments: it cannot move to another program.',
  teacherAssigned: 'Teacher assigned successfully',
  assignmentRemoved: 'Assignment removed',
  assignmentNotFound: 'Assignment not found',
  alreadyAssigned: 'This teacher is already assigned to this subject.',
  notATeacher: 'Choose a teacher',
  errorLoadingSubjects: 'Error loading subjects',
  noSubjects: 'No subjects available. Create subjects first.',
  noSubjectsAssigned: 'No Subjects Assigned',
} as const;
