import { Injectable } from '@nestjs/common';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). `Algorithm` is a const enum that isolated
 * transpilers (swc) cannot inline, hence the literal; tests assert the `$argon2id$v=19$m=19456,t=2,p=1$` prefix.
 */
const ARGON2ID = 2 as Algorithm;
const PASSWORD_HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** A real hash of a random password, verified against when the account does not exist (same timing). */
  private readonly dummyHash: Promise<string> = hash(`dummy-${Math.random()}`, PASSWORD_HASH_OPTIONS);

  hash(password: string): Promise<string> {
    return hash(password, PASSWORD_HASH_OPTIONS);
  }

  /** False for a wrong password, a missing hash (social-only account) or a malformed hash. */
  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (!passwordHash) {
      await verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
