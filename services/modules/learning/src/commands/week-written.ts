/**
 * What a week command answers: the week it wrote and the position of its append. The screen's answer
 * is read by the controller through GetWeek once Dispatch saw the learning projection reach it (202
 * without reading past the bound, ADR 0005), so the handler does not wait or read itself.
 */
export interface WeekWritten {
  weekId: string;
  position: number;
}
