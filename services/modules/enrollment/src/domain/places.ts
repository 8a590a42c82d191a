// Two reservation streams that make enrollment rules hold under concurrency:
// - the place of a student in a program, `enrollment-place-<studentId>-<programId>`: its events name
//   the enrollment holding it. Enrolling (or reactivating a completed/dropped enrollment) claims it in
//   the same atomic append as the enrollment's event, guarded by the version read; a holder whose
//   enrollment is completed or dropped is released in that append.
// - the code counter of a year, `enrollment-codes-<year>`: event n issues ENR-<year>-<nnnn>.
export const PLACE_CLAIMED = 'EnrollmentPlaceClaimed';
export const PLACE_RELEASED = 'EnrollmentPlaceReleased';
export const CODE_ISSUED = 'EnrollmentCodeIssued';

export const placeStream = (studentId: string, programId: string) => `enrollment-place-${studentId}-${programId}`;
export const codeStream = (year: number) => `enrollment-codes-${year}`;
export const enrollmentCode = (year: number, n: number) => `ENR-${year}-${String(n).padStart(4, '0')}`;

/** The enrollment holding the place after these events (null: free). */
export function placeHolder(events: readonly { type: string; data: unknown }[]): string | null {
  let holder: string | null = null;
  for (const e of events) {
    const id = (e.data as { enrollmentId: string }).enrollmentId;
    if (e.type === PLACE_CLAIMED) holder = id;
    else if (e.type === PLACE_RELEASED && id === holder) holder = null;
  }
  return holder;
}
