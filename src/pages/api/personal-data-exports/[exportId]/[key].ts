import type { APIRoute } from 'astro';
import { FIND_MY_PERSONAL_DATA_EXPORT_QUERY } from '../../../../lib/account/account-operations';
import { personalDataExportAddressOfUrl } from '../../../../lib/account/personal-data-export';
import { sendDocument } from '../../../../lib/graphql/send-document';
import { privateDownload } from '../../../../server/bff/page/private-download';

/**
 * Downloads an archive of the signed-in user's data. The API decides
 * (findMyPersonalDataExport: their own, ready, not expired, nobody acting as them).
 */
export const GET: APIRoute = (context) => {
  const address = personalDataExportAddressOfUrl(context.url.pathname);
  return privateDownload(context, {
    storageKey: address?.key ?? null,
    find: async (send) => {
      const answer = await sendDocument(send, FIND_MY_PERSONAL_DATA_EXPORT_QUERY, { id: address!.exportId, key: address!.key });
      return { ...answer, name: answer.data?.findMyPersonalDataExport };
    },
    extension: 'zip',
  });
};
