import { PrincipalObjectQuery } from '@academy/backend';

/** The certificate of an enrollment as a PDF: its holder's, or any for an admin (not found otherwise). */
export class CertificatePdf extends PrincipalObjectQuery<{ pdf: Uint8Array; code: string }> {}
