// What a test can read back from a generated PDF without rendering it: the URIs of its link
// annotations (pdf-lib parses the file; a QR image is not decoded, the link over it is read).
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString, PDFHexString } from 'pdf-lib';

export interface PdfFacts {
  pages: number;
  /** Every link annotation's URI, page by page. */
  links: string[];
  /** The document's Subject entry (undefined when none). */
  subject: string | undefined;
  /** How many images the pages draw (XObjects of subtype Image). */
  images: number;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const doc = await PDFDocument.load(bytes);
  const links: string[] = [];
  let images = 0;
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const annot = annots!.lookup(i, PDFDict);
      const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.lookup(PDFName.of('URI'));
      if (uri instanceof PDFString || uri instanceof PDFHexString) links.push(uri.decodeText());
    }
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const key of xObjects?.keys() ?? []) {
      const x = xObjects!.lookup(key);
      if (x && 'dict' in x && (x as { dict: PDFDict }).dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) images++;
    }
  }
  return { pages: doc.getPageCount(), links, subject: doc.getSubject(), images };
}
