import type { PublicCatalogueResponse } from '@academy/contracts';

/** The academy's phone, email and address (in the contact section and the footer). */
export function ContactDetailsList({ catalogue, testId }: { catalogue: PublicCatalogueResponse; testId?: string }) {
  const { contact } = catalogue;
  return (
    <ul className="mt-2 grid gap-1 text-sm break-words" data-testid={testId}>
      <li>
        <a className="hover:underline" href={`tel:${contact.phone.replace(/\s+/g, '')}`}>
          {contact.phone}
        </a>
      </li>
      <li>
        <a className="hover:underline" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>
      </li>
      <li>{contact.address}</li>
    </ul>
  );
}
