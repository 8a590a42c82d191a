/** What an announcement command answers: the post it wrote and the position of its append (the controller reads the answer once the projection shows it, ADR 0005). */
export interface AnnouncementWritten {
  announcementId: string;
  position: number;
}
