/** One line of a service's output as `npm start` prints it, or null to drop it (mode: ACADEMY_LOG). */
export declare function formatServiceLine(service: string, line: string, options?: { mode?: string }): string | null;
