import passport, { type Strategy } from 'passport';

let sequence = 0;

/**
 * Passport keeps its strategies in one process-wide registry by name, and @nestjs/passport's guards
 * look them up there on every request. Two API applications in one process (the session-fence test
 * runs two, ADR 0012) would then answer each other's requests with whichever instance registered
 * last: its session validator, its database pool. So every strategy instance is also registered under
 * a name of its own, its guard asks for that name, and the name is dropped when its application closes.
 */
export function registerOwnName(strategy: Strategy, kind: string): string {
  const name = `${kind}#${++sequence}`;
  passport.use(name, strategy);
  return name;
}

export function dropOwnName(name: string): void {
  passport.unuse(name);
}
