import type { APIRoute } from 'astro';
import { sendDocument } from '../../../../lib/graphql/send-document';
import { FIND_TALENT_DOCUMENT_QUERY } from '../../../../lib/talent/profile-uploads';
import { documentAddressOfUrl } from '../../../../lib/uploads/media-urls';
import { privateDownload } from '../../../../server/bff/page/private-download';

/**
 * Downloads a talent's private document (CV, resume, PDF). The API decides who may read
 * it (findTalentDocument: the owner, later companies allowed to).
 */
export const GET: APIRoute = (context) => {
  const address = documentAddressOfUrl(context.url.pathname);
  return privateDownload(context, {
    storageKey: address?.key ?? null,
    find: async (send) => {
      const answer = await sendDocument(send, FIND_TALENT_DOCUMENT_QUERY, { talentProfileId: address!.talentProfileId, key: address!.key });
      return { ...answer, name: answer.data?.findTalentDocument?.name };
    },
    extension: 'pdf',
  });
};
