import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763845000000 implements MigrationInterface {
  name = 'CreateUsers1763845000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "username" varchar(32) NOT NULL,
        "email" varchar(254),
        "password_hash" varchar(255),
        "email_verified_at" timestamptz,
        "country" char(2),
        "avatar" varchar(500),
        "level" integer NOT NULL DEFAULT 1,
        "xp" integer NOT NULL DEFAULT 0,
        "can_play" boolean NOT NULL DEFAULT true,
        "can_bet" boolean NOT NULL DEFAULT true,
        "can_deposit" boolean NOT NULL DEFAULT true,
        "can_withdraw" boolean NOT NULL DEFAULT true,
        "is_online" boolean NOT NULL DEFAULT false,
        "last_seen_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_users_username_length" CHECK (char_length("username") >= 3),
        CONSTRAINT "CHK_users_level" CHECK ("level" >= 1),
        CONSTRAINT "CHK_users_xp" CHECK ("xp" >= 0),
        CONSTRAINT "CHK_users_country" CHECK ("country" IS NULL OR "country" ~ '^[A-Z]{2}$')
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username"))`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email")) WHERE "email" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
