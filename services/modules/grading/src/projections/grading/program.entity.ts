import { programReplicaEntity } from '@academy/backend';

/** `programs`: the catalog's programs (the student dashboard's active course), from its published events. */
export const GradingProgram = programReplicaEntity('GradingProgram');
