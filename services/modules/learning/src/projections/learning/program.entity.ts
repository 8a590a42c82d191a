import { programReplicaEntity } from '@academy/backend';

/** `programs`: the catalog's programs (name and type, for the lessons' header), from its published events. */
export const LearningProgram = programReplicaEntity('LearningProgram');
