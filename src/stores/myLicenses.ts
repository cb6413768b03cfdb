/** The user centre's licenses: the buyer's own, and freeing a machine one was activated on. */
import { call } from '../client/api';
import { SHOP_LICENSES, SHOP_RELEASE_MACHINE } from '../contract/routes';
import type { LicenseItem } from '../contract/shop';
import { licenseText } from '../i18n/shop.zh-CN';
import { pagedList, wholeList } from './pagedList';
import { showRefusal, showToast } from './toast';

const licenses = pagedList<LicenseItem, null>(
  null,
  wholeList(() => call(SHOP_LICENSES)),
);
export const $myLicenses = licenses.$list;

export const openMyLicenses = () => licenses.open();

const freeing = new Set<number>();

/** Frees a machine of one of my licenses, so the license can be activated on another. True once done. */
export async function deactivateMachine(machineId: number): Promise<boolean> {
  if (freeing.has(machineId)) return false;
  freeing.add(machineId);
  try {
    const { result } = await call(SHOP_RELEASE_MACHINE, { machine_id: machineId });
    if (result)
      licenses.edit((list) => list.map((license) => (license.order_no === result.order_no ? result : license)));
    showToast(licenseText.deactivated);
    return true;
  } catch (error) {
    showRefusal(error, licenseText.deactivateFailed);
    return false;
  } finally {
    freeing.delete(machineId);
  }
}
