import { personReplicaEntity } from '@academy/backend';

/** `people`: the catalog's replica of identity's people (who is a teacher, their name and email). */
export const CatalogPerson = personReplicaEntity('CatalogPerson', { byEmail: false });
