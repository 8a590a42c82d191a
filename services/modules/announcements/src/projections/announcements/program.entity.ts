import { programReplicaEntity } from '@academy/backend';

/** `programs`: the catalog's programs (the audience "a program" and its name), from its published events. */
export const AnnouncementsProgram = programReplicaEntity('AnnouncementsProgram');
