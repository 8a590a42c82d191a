// A local SMTP server that accepts every mail and keeps it in memory, with a small web inbox.
// `npm start` runs it when SMTP_URL is not set; tests use it (through @academy/testing) as a real
// SMTP peer over TCP, so the code under test sends exactly as it would in production.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const esc = (s) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (e) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.removeListener('error', onError);
      resolve(server.address().port);
    });
  });
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body>${body}</body></html>`;
}

function inboxHtml(list) {
  const rows = list
    .map((m) => `<tr><td><a href="/view/${esc(m.id)}">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.to.join(', '))}</td><td><time datetime="${esc(m.receivedAt)}">${esc(m.receivedAt)}</time></td></tr>`)
    .join('\n');
  return page(
    'Academy mail inbox',
    `<h1>Academy mail inbox</h1><p>${list.length} message(s), newest first · <a href="/messages">JSON</a></p>
<table><thead><tr><th>subject</th><th>to</th><th>received</th></tr></thead><tbody>
${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}
</tbody></table>`,
  );
}

function messageHtml(m) {
  // The HTML part is shown as source, never rendered: a caught mail must not run in the inbox's origin.
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">← inbox</a></p><h1>${esc(m.subject || '(no subject)')}</h1>
<table><tbody><tr><th>from</th><td>${esc(m.from)}</td></tr><tr><th>to</th><td>${esc(m.to.join(', '))}</td></tr>
<tr><th>date</th><td>${esc(m.date ?? m.receivedAt)}</td></tr><tr><th>message id</th><td>${esc(m.messageId)}</td></tr></tbody></table>
<h2>Text</h2><pre class="text">${esc(m.text)}</pre>${m.html ? `<h2>HTML source</h2><pre class="html">${esc(m.html)}</pre>` : ''}`,
  );
}

/**
 * Starts the catcher: SMTP on `smtpPort` and the web inbox on `httpPort` (0 or absent: free ports).
 * Every message is kept (up to `keep`, oldest dropped first) as
 * `{ id, from, to: string[] (envelope recipients), subject, date, receivedAt, messageId, text, html }`.
 * @param {{ smtpPort?: number, httpPort?: number, host?: string, keep?: number }} [options]
 */
export async function startSmtpCatcher({ smtpPort = 0, httpPort = 0, host = '127.0.0.1', keep = 500 } = {}) {
  const messages = []; // oldest first
  const listeners = new Set();

  const smtp = new SMTPServer({
    logger: false,
    banner: 'academy mail catcher',
    // Plain SMTP only: no STARTTLS means no self-signed certificate for clients to trip over.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    closeTimeout: 1000,
    // Any credentials are fine: SMTP_URL may carry a user and password meant for the real server.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'catcher' });
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const message = {
            id: randomUUID(),
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            date: parsed.date ? parsed.date.toISOString() : null,
            receivedAt: new Date().toISOString(),
            messageId: parsed.messageId ?? null,
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
          };
          messages.push(message);
          if (messages.length > keep) messages.shift();
          for (const l of listeners) l(message);
          callback();
        },
        (e) => callback(e),
      );
    },
  });
  smtp.on('error', () => {}); // a client's broken connection must not crash the process hosting the catcher

  const newestFirst = () => [...messages].reverse();
  const web = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://inbox');
    const send = (status, type, body) => {
      res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
      res.end(body);
    };
    const one = /^\/(messages|view)\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && url.pathname === '/') return send(200, 'text/html', inboxHtml(newestFirst()));
    if (req.method === 'GET' && url.pathname === '/messages') return send(200, 'application/json', JSON.stringify(newestFirst()));
    if (req.method === 'DELETE' && url.pathname === '/messages') {
      messages.length = 0;
      return send(200, 'application/json', '[]');
    }
    if (req.method === 'GET' && one) {
      const m = messages.find((x) => x.id === one[2]);
      if (!m) return send(404, 'text/plain', 'no such message');
      return one[1] === 'view' ? send(200, 'text/html', messageHtml(m)) : send(200, 'application/json', JSON.stringify(m));
    }
    send(404, 'text/plain', 'not found');
  });

  const boundSmtp = await listen(smtp.server, smtpPort, host);
  let boundHttp;
  try {
    boundHttp = await listen(web, httpPort, host);
  } catch (e) {
    await new Promise((r) => smtp.close(r));
    throw e;
  }

  let stopped = false;
  return {
    smtpPort: boundSmtp,
    httpPort: boundHttp,
    smtpUrl: `smtp://${host}:${boundSmtp}`,
    inboxUrl: `http://${host}:${boundHttp}`,
    /** Newest first, as the inbox shows them. */
    messages: newestFirst,
    /** Calls `fn` with each message as it arrives; returns the unsubscribe function. */
    onMessage(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    clear() {
      messages.length = 0;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      listeners.clear();
      web.closeAllConnections();
      await Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => web.close(() => r()))]);
    },
  };
}
