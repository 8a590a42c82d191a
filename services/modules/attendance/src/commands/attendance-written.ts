/** What a command of this context answers: the object it wrote (a subject, a session, a year) and the position of its append (the controller reads the answer once the projection shows it, ADR 0005). */
export interface AttendanceWritten {
  id: string;
  position: number;
}
