import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';

/** Parses a body/query/param with its libs/contracts schema; a ZodError becomes a 400 in the filter. */
@Injectable()
export class ZodValidationPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown, _meta: ArgumentMetadata): T {
    return this.schema.parse(value);
  }
}
