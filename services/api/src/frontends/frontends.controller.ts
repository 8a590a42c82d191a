import { Controller, Get, Inject } from '@nestjs/common';
import { type FederationManifest, federationManifestSchema } from '@academy/contracts';
import { Answers, APP_CONFIG, type AppConfig, Public } from '@academy/backend';
import { federationManifest, type FrontendLayout } from './frontends.js';

export const FRONTEND_LAYOUT = Symbol('FrontendLayout');

@Public()
@Controller('federation')
export class FrontendsController {
  constructor(
    @Inject(FRONTEND_LAYOUT) private readonly layout: FrontendLayout,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The runtime manifest of Module Federation remotes (ARCHITECTURE.md §8), with the academy's time zone. */
  @Get('manifest')
  @Answers(200, federationManifestSchema)
  manifest(): FederationManifest {
    return federationManifest(this.layout, process.env, this.config.ACADEMY_TIME_ZONE);
  }
}
