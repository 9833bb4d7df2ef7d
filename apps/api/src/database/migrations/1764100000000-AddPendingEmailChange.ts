import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An email change waits for the new address to confirm it (docs/decisions/1001): `users.pending_email` holds the
 * requested address, and the confirmation link is an `auth_email_tokens` row of purpose `change_email`.
 */
export class AddPendingEmailChange1764100000000 implements MigrationInterface {
  name = 'AddPendingEmailChange1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD COLUMN "pending_email" varchar(254)`);
    await queryRunner.query(`ALTER TABLE "auth_email_tokens" DROP CONSTRAINT "CHK_auth_email_tokens_purpose"`);
    await queryRunner.query(
      `ALTER TABLE "auth_email_tokens" ADD CONSTRAINT "CHK_auth_email_tokens_purpose"
         CHECK ("purpose" IN ('verify_email', 'reset_password', 'change_email'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "auth_email_tokens" WHERE "purpose" = 'change_email'`);
    await queryRunner.query(`ALTER TABLE "auth_email_tokens" DROP CONSTRAINT "CHK_auth_email_tokens_purpose"`);
    await queryRunner.query(
      `ALTER TABLE "auth_email_tokens" ADD CONSTRAINT "CHK_auth_email_tokens_purpose"
         CHECK ("purpose" IN ('verify_email', 'reset_password'))`,
    );
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "pending_email"`);
  }
}
