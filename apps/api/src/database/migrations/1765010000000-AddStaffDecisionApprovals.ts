import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Four-eyes money decisions (docs/decisions/2310-separation-of-duties.md): a decision above FOUR_EYES_ABOVE is first
 * stored here as a proposal by one staff member; only a second, different staff member's confirmation moves the
 * money. At most one pending proposal per queue item (partial unique index); a proposal is closed, never deleted,
 * so the trail of who proposed and who confirmed stays with the audit log.
 */
export class AddStaffDecisionApprovals1765010000000 implements MigrationInterface {
  name = 'AddStaffDecisionApprovals1765010000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "staff_decision_approvals" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "target_type" varchar(30) NOT NULL,
        "target_id" varchar(64) NOT NULL,
        "decision" varchar(30) NOT NULL,
        "note" text NOT NULL,
        "amount_cents" bigint NOT NULL,
        "proposed_by" uuid NOT NULL REFERENCES "users" ("id"),
        "proposed_at" timestamptz NOT NULL DEFAULT now(),
        "status" varchar(20) NOT NULL DEFAULT 'pending',
        "closed_by" uuid REFERENCES "users" ("id"),
        "closed_at" timestamptz,
        CONSTRAINT "CHK_staff_decision_approvals_status" CHECK ("status" IN ('pending', 'confirmed', 'superseded')),
        CONSTRAINT "CHK_staff_decision_approvals_closed" CHECK (("status" = 'pending') = ("closed_at" IS NULL))
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_staff_decision_approvals_pending" ON "staff_decision_approvals" ("target_type", "target_id")
        WHERE "status" = 'pending'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "staff_decision_approvals"`);
  }
}
