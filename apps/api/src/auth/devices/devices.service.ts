import { Injectable } from '@nestjs/common';
import { FairPlayFlagsRepository } from '../../admin/fair-play-flags.repository';
import { AppConfig } from '../../config/app-config';
import type { RequestDevice } from './device-cookie';
import { DevicesRepository } from './devices.repository';

/**
 * What the server learns from device ids (docs/decisions/2330): the binding of each id to its first account and
 * session, the ids each account presents, and the `many_devices` flag for an account that keeps presenting new ones
 * (clearing cookies to look like a fresh browser, or collecting other people's ids).
 */
@Injectable()
export class DevicesService {
  constructor(
    private readonly repository: DevicesRepository,
    private readonly flags: FairPlayFlagsRepository,
    private readonly config: AppConfig,
  ) {}

  /**
   * A session of `userId` was started, renewed or used with this device: bind a new id to it, and when the client
   * presented the id, count it among the account's devices.
   */
  async recordUse(userId: string, sessionId: string | null, device: RequestDevice): Promise<void> {
    await this.repository.bindIfNew(device.id, userId, sessionId);
    if (!device.presented) return;
    const firstTime = await this.repository.recordSighting(userId, device.id);
    if (firstTime) await this.flagIfManyDevices(userId);
  }

  private async flagIfManyDevices(userId: string): Promise<void> {
    const windowDays = this.config.FLAG_MANY_DEVICES_WINDOW_DAYS;
    const deviceIds = await this.repository.recentDeviceIds(userId, windowDays);
    if (deviceIds.length <= this.config.FLAG_MANY_DEVICES_ABOVE) return;
    // At most one open flag of this kind per account: while support has not resolved it, more devices add nothing.
    await this.flags.flagAccount(this.repository.runner, userId, 'many_devices', {
      distinct_device_ids: deviceIds.length,
      window_days: windowDays,
      device_ids: deviceIds,
    });
  }
}
