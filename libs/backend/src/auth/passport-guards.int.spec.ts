// Passport is what authenticates (ADR 0016): the JwtStrategy's validate() consults the SessionValidator,
// the JwtAuthGuard and RolesGuard answer the same bodies as the hand-written guard did, and two API
// applications in one process each use their own strategy instance (passport's registry is global).
// Real HTTP on loopback; the SessionValidator is a small in-memory one, the thing under test is the wiring.
import { Controller, Get, Global, Injectable, Module, Type } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import type { Request } from 'express';
import passport from 'passport';
import { Strategy } from 'passport-jwt';
import type { AppConfig } from '../config.js';
import { ApiExceptionFilter } from '../http/exception.filter.js';
import type { Principal } from '../event-sourcing/command-metadata.js';
import { type AccessClaims, AccessTokens } from './access-tokens.js';
import { CurrentUser, Public, Roles } from './auth.decorators.js';
import { AuthModule } from './auth.module.js';
import { JwtStrategy, type SessionValidator } from './jwt.strategy.js';
import type { ProfileStatus } from './profile-gate.guard.js';
import { APP_CONFIG } from './tokens.js';

@Controller('probe')
class ProbeController {
  @Get('me')
  me(@CurrentUser() p: Principal) {
    return p;
  }

  @Get('teachers')
  @Roles('teacher')
  teachers(@CurrentUser() p: Principal) {
    return p;
  }

  @Get('open')
  @Public()
  open(@CurrentUser() p: Principal) {
    return p;
  }
}

/** Live families per application: what identity's validator answers from its table. */
function validatorOf(live: Set<string>, asked: string[]): Type<SessionValidator> {
  @Injectable()
  class SetValidator implements SessionValidator {
    isLive(claims: AccessClaims): Promise<boolean> {
      asked.push(claims.sid);
      return Promise.resolve(live.has(claims.sid));
    }
  }
  return SetValidator;
}

@Injectable()
class AllComplete implements ProfileStatus {
  isComplete(): Promise<boolean> {
    return Promise.resolve(true);
  }
}

interface Api {
  app: INestApplication;
  url: string;
  live: Set<string>;
  asked: string[];
  tokens: AccessTokens;
}

const config = { JWT_SECRET: 'a-test-secret-that-is-long-enough-0123456789', NODE_ENV: 'test', ACADEMY_DATA_DIR: '/nonexistent' } as AppConfig;

async function startApi(): Promise<Api> {
  const live = new Set<string>();
  const asked: string[] = [];
  @Global()
  @Module({ providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] })
  class ConfigModule {}
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule, AuthModule.forRoot(validatorOf(live, asked), AllComplete)],
    controllers: [ProbeController],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  app.useGlobalFilters(new ApiExceptionFilter());
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1'), live, asked, tokens: app.get(AccessTokens) };
}

let a: Api;
let b: Api;
beforeAll(async () => {
  a = await startApi();
  b = await startApi();
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
});

/** The request validate() is called with after passport-jwt verified its token. */
const requestWith = (token: string) => ({ header: (name: string) => (name.toLowerCase() === 'authorization' ? `Bearer ${token}` : undefined) }) as unknown as Request;

async function get(api: Api, path: string, authorization?: string) {
  const res = await fetch(`${api.url}/probe/${path}`, { headers: authorization ? { authorization } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const NOT_SIGNED_IN = { statusCode: 401, error: 'UNAUTHORIZED', message: 'Please sign in.' };
const FORBIDDEN = { statusCode: 403, error: 'FORBIDDEN', message: 'You do not have access to this.' };

describe('the JwtStrategy authenticates', () => {
  it('a token of a live session: the principal from its claims', async () => {
    a.live.add('11111111-1111-4111-8111-111111111111');
    const { token } = a.tokens.issue({ sub: 'u-1', role: 'student', sid: '11111111-1111-4111-8111-111111111111' });
    expect(await get(a, 'me', `Bearer ${token}`)).toEqual({ status: 200, body: { userId: 'u-1', role: 'student', sessionId: '11111111-1111-4111-8111-111111111111' } });
  });

  it("a correctly signed token of an ended session: validate() refuses it and the guard answers today's 401", async () => {
    const sid = '22222222-2222-4222-8222-222222222222';
    a.live.add(sid);
    const { token } = a.tokens.issue({ sub: 'u-2', role: 'teacher', sid });
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as AccessClaims;
    const strategy = a.app.get(JwtStrategy);
    expect(await strategy.validate(requestWith(token), claims)).toEqual({ userId: 'u-2', role: 'teacher', sessionId: sid });
    a.live.delete(sid);
    expect(await strategy.validate(requestWith(token), claims)).toBe(false);
    a.asked.length = 0;
    expect(await get(a, 'me', `Bearer ${token}`)).toEqual({ status: 401, body: NOT_SIGNED_IN });
    expect(a.asked).toEqual([sid]);
    // On a public endpoint the guard lets it through without a principal: @CurrentUser answers the 401.
    expect(await get(a, 'open', `Bearer ${token}`)).toMatchObject({ status: 401, body: { message: 'Please sign in.' } });
  });

  it('refuses what the hand-written guard refused: no token, another scheme spelling, a forged token', async () => {
    const sid = '33333333-3333-4333-8333-333333333333';
    a.live.add(sid);
    const { token } = a.tokens.issue({ sub: 'u-3', role: 'student', sid });
    const [head, , signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'u-3', role: 'admin', sid, iat: 1, exp: 4102444800, iss: 'academy', aud: 'academy-api' })).toString('base64url')}.${signature}`;
    for (const authorization of [undefined, `bearer ${token}`, `Bearer  ${token}`, `Token ${token}`, `Bearer ${forged}`]) {
      expect(await get(a, 'me', authorization)).toEqual({ status: 401, body: NOT_SIGNED_IN });
    }
    expect((await get(a, 'me', `Bearer ${token}`)).status).toBe(200);
  });

  it('@Roles is the RolesGuard: 403 with the old body for another role, through for the role', async () => {
    for (const [role, sid] of [
      ['student', '44444444-4444-4444-8444-444444444444'],
      ['teacher', '55555555-5555-4555-8555-555555555555'],
    ] as const) {
      a.live.add(sid);
      const { token } = a.tokens.issue({ sub: `u-${role}`, role, sid });
      const answer = await get(a, 'teachers', `Bearer ${token}`);
      if (role === 'teacher') expect(answer.status).toBe(200);
      else expect(answer).toEqual({ status: 403, body: FORBIDDEN });
    }
    expect(await get(a, 'teachers')).toEqual({ status: 401, body: NOT_SIGNED_IN });
  });

  it('verifies a token once (passport-jwt), then knows it by its text until it expires; the session is asked every time', async () => {
    const sid = '77777777-7777-4777-8777-777777777777';
    a.live.add(sid);
    const { token } = a.tokens.issue({ sub: 'u-7', role: 'student', sid });
    const verifier = jest.spyOn(Strategy as unknown as { JwtVerifier: (...args: unknown[]) => unknown }, 'JwtVerifier');
    try {
      a.asked.length = 0;
      for (let i = 0; i < 3; i++) expect((await get(a, 'me', `Bearer ${token}`)).status).toBe(200);
      expect(verifier).toHaveBeenCalledTimes(1);
      expect(a.asked).toEqual([sid, sid, sid]);
      // Its session ended: refused although the token is known.
      a.live.delete(sid);
      expect(await get(a, 'me', `Bearer ${token}`)).toEqual({ status: 401, body: NOT_SIGNED_IN });
      // Another text (one character of the signature changed) is verified, and refused.
      const tampered = token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1);
      a.live.add(sid);
      expect(await get(a, 'me', `Bearer ${tampered}`)).toEqual({ status: 401, body: NOT_SIGNED_IN });
      expect(verifier).toHaveBeenCalledTimes(2);
    } finally {
      verifier.mockRestore();
    }
  });

  it('refuses a known token once it has expired (jsonwebtoken\'s rule: expired from exp on)', async () => {
    const sid = '88888888-8888-4888-8888-888888888888';
    a.live.add(sid);
    const v = a.tokens.verification;
    const iat = Math.floor(Date.now() / 1000);
    const token = new JwtService({ secret: v.key as unknown as Buffer }).sign({ sub: 'u-8', role: 'student', sid, iat, exp: iat + 1 }, { algorithm: 'HS256', issuer: v.issuer, audience: v.audience });
    expect((await get(a, 'me', `Bearer ${token}`)).status).toBe(200);
    while (Math.floor(Date.now() / 1000) < iat + 1) await new Promise((r) => setTimeout(r, 50));
    expect(await get(a, 'me', `Bearer ${token}`)).toEqual({ status: 401, body: NOT_SIGNED_IN });
  });

  it("two applications in one process: each asks its own SessionValidator, never the other's", async () => {
    const sid = '66666666-6666-4666-8666-666666666666';
    a.live.add(sid);
    const { token } = a.tokens.issue({ sub: 'u-6', role: 'student', sid });
    a.asked.length = 0;
    b.asked.length = 0;
    expect((await get(a, 'me', `Bearer ${token}`)).status).toBe(200);
    expect((await get(b, 'me', `Bearer ${token}`)).status).toBe(401);
    expect(a.asked).toEqual([sid]);
    expect(b.asked).toEqual([sid]);
    const own = (api: Api) => api.app.get(JwtStrategy).ownName;
    expect(own(a)).not.toBe(own(b));
    expect((passport as unknown as { _strategy(name: string): unknown })._strategy(own(a))).toBe(a.app.get(JwtStrategy));
  });
});
