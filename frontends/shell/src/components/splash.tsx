/**
 * The splash of index.html (its inline critical CSS styles these classes), drawn by React while the
 * app's code or a dashboard's remote loads, so the screen the reader saw at first paint stays put
 * instead of going blank in between (issue 18 §3).
 */
export function Splash() {
  return (
    <main className="academy-splash" data-testid="splash">
      <div className="academy-splash-mark" aria-hidden="true">
        A
      </div>
      <p className="academy-splash-name">Academy</p>
      <div className="academy-splash-bar" aria-hidden="true" />
      <p className="academy-splash-status" role="status">
        Loading…
      </p>
    </main>
  );
}
