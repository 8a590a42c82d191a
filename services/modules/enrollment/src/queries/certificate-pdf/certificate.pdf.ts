// The certificate as a one-page A4 landscape PDF (pdf-lib), with the verification URL printed, as a
// QR code (qrcode) and as a link annotation over both, so a reader can click it and a program can
// find it without decoding the QR.
import { PDFDocument, PDFName, PDFString, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Certificate } from '@academy/contracts';

/** The public page that tells whether the certificate is valid. */
export const verificationUrl = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;

/** The standard fonts only encode WinAnsi: any other character is printed as '?' rather than failing. */
const printable = (font: PDFFont, s: string) => {
  const known = new Set(font.getCharacterSet());
  return Array.from(s, (ch) => (known.has(ch.codePointAt(0)!) ? ch : '?')).join('');
};

const day = (iso: string, timeZone: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

/** The widest a centred line may be (A4 landscape is 842 pt wide; the border is 24 pt in). */
const MAX_LINE_WIDTH = 740;

/** Centred on the page; a long name or programme is set smaller so that it stays inside the border. */
function centered(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color = rgb(0.1, 0.1, 0.15)) {
  const t = printable(font, text);
  const fit = Math.min(size, (size * MAX_LINE_WIDTH) / Math.max(1, font.widthOfTextAtSize(t, size)));
  page.drawText(t, { x: (page.getWidth() - font.widthOfTextAtSize(t, fit)) / 2, y, size: fit, font, color });
}


export async function certificatePdf(certificate: Certificate, url: string, timeZone: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Certificate of Completion: ${certificate.programName}`);
  doc.setSubject(url);
  doc.setCreator('Academy');
  // Fixed dates: the same certificate makes the same file.
  doc.setCreationDate(new Date(certificate.issuedAt));
  doc.setModificationDate(new Date(certificate.issuedAt));
  const page = doc.addPage([842, 595]);
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: rgb(0.2, 0.3, 0.6), borderWidth: 3 });
  centered(page, bold, 'Certificate of Completion', 480, 34);
  centered(page, regular, 'This certifies that', 430, 14);
  centered(page, bold, certificate.studentName ?? '(name erased)', 395, 26);
  centered(page, regular, 'has completed the programme', 360, 14);
  centered(page, bold, certificate.programName, 325, 22);
  const started = certificate.activatedAt ? `Started ${day(certificate.activatedAt, timeZone)}  ·  ` : '';
  centered(page, regular, `${started}Completed ${day(certificate.completedAt, timeZone)}`, 292, 12);
  if (certificate.revokedAt) centered(page, bold, `REVOKED on ${day(certificate.revokedAt, timeZone)}`, 262, 16, rgb(0.7, 0.1, 0.1));

  const qr = await doc.embedPng(await QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 240 }));
  const box = { x: 60, y: 60, size: 120 };
  page.drawImage(qr, { x: box.x, y: box.y, width: box.size, height: box.size });
  const small = 10;
  page.drawText('Verify this certificate:', { x: 200, y: 150, size: small, font: bold });
  page.drawText(printable(regular, url), { x: 200, y: 134, size: small, font: regular, color: rgb(0.1, 0.2, 0.7) });
  page.drawText(`Verification code: ${certificate.code}`, { x: 200, y: 110, size: small, font: regular });
  page.drawText(`Event log position ${certificate.log.position}, hash ${certificate.log.hash}`, { x: 200, y: 94, size: 8, font: regular });

  // One link annotation over the QR code and the printed URL.
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [box.x, box.y, 200 + regular.widthOfTextAtSize(url, small), box.y + box.size],
    Border: [0, 0, 0],
    A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
  });
  page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return doc.save();
}
