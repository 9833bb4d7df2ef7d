import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { GameCategory, GameDifficulty } from '@skillduel/contracts';
import { bigintTransformer } from '../../database/bigint.transformer';

@Entity({ name: 'games' })
export class GameEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 16 })
  icon!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  category!: GameCategory;

  @Column({ type: 'varchar', length: 16 })
  difficulty!: GameDifficulty;

  @Column({ name: 'min_bet_cents', type: 'bigint', transformer: bigintTransformer })
  minBetCents!: bigint;

  @Column({ name: 'max_bet_cents', type: 'bigint', transformer: bigintTransformer })
  maxBetCents!: bigint;

  @Column({ name: 'default_bet_cents', type: 'bigint', transformer: bigintTransformer })
  defaultBetCents!: bigint;

  @Column({ name: 'avg_game_time_seconds', type: 'integer' })
  avgGameTimeSeconds!: number;

  @Column({ name: 'time_limit_seconds', type: 'integer' })
  timeLimitSeconds!: number;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ name: 'sort_order', type: 'integer' })
  sortOrder!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
