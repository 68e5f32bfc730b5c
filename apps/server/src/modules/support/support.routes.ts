import { supportRequest, supportRequestResponse } from '@store/contracts/checkout';
import { emailField } from '@store/contracts/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// The reply goes to this address, so it must look like one (§5: "email required and in pattern").
const supportRequestBody = supportRequest.extend({ email: emailField });

/** The support request page. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/product/support/',
    { schema: { tags: ['support'], body: supportRequestBody, response: { 200: supportRequestResponse } } },
    async (request) => {
      const requestId = await app.support.sendSupportRequest(request.body, request.ip);
      return { ok: true as const, requestId };
    },
  );
};
