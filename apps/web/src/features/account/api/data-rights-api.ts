import { erasureResult, PERSONAL_DATA_FILE_NAME, personalDataExport, type ErasureRequest } from '@store/contracts/privacy';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadTextFile } from '../../../lib/download-text-file';

/** GET /userinfo/personaldata, saved as personal-data.json: everything the shop holds about the signed-in customer. */
export const useDownloadPersonalDataMutation = () =>
  useMutation({
    mutationFn: async () => {
      const data = await apiRequest('GET', '/userinfo/personaldata', { schema: personalDataExport, auth: true });
      downloadTextFile(PERSONAL_DATA_FILE_NAME, `${JSON.stringify(data, null, 2)}\n`, 'application/json;charset=utf-8');
    },
  });

/** POST /userinfo/erasure: erases the signed-in customer's account (the password again, and a code with two-factor login). */
export const useEraseAccountMutation = () =>
  useMutation({
    mutationFn: (body: ErasureRequest) => apiRequest('POST', '/userinfo/erasure', { body, schema: erasureResult, auth: true }),
  });
