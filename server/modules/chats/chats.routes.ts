// The chat screen's calls: conversations, their messages (afterId: what came after the last one seen), send, mark read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as contract from '../../../src/contracts/chats';
import { idParamsSchema } from '../../../src/contracts/common';
import { TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';
import { adminRoute } from '../../lib/route-schema';

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const chats = app.services.chats;

  app.get(
    '/api/admin/conversations',
    adminRoute('chats', 'Conversations, newest activity first: one page (q over listing title and user name, tab all|unread|declined)', {
      access: 'chats.read',
      querystring: contract.conversationListQuerySchema,
      ok: z.array(contract.conversationRowSchema),
    }),
    async (request, reply) => {
      const { rows, total } = await chats.listPage(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/conversations/:id/messages',
    adminRoute(
      'chats',
      'Messages oldest first: the latest 200, or those after afterId (the last id seen; the screen asks when the live stream says a message came)',
      {
        params: idParamsSchema,
        access: 'chats.read',
        querystring: contract.messageListQuerySchema,
        ok: z.array(contract.chatMessageSchema),
        errors: [404],
      },
    ),
    async (request) => chats.listMessages(request.params.id, request.query.afterId),
  );

  app.post(
    '/api/admin/conversations/:id/messages',
    adminRoute('chats', 'Send a message as the back office, recorded with the staff member who sent it; the text is stored exactly as sent', {
      params: idParamsSchema,
      access: 'chats.answer',
      body: contract.sendMessageRequestSchema,
      ok: contract.chatMessageSchema,
      status: 201,
      errors: [404],
    }),
    async (request, reply) => {
      const message = await chats.sendAdminMessage(request.admin!.administratorId, request.params.id, request.body.text);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/admin/conversations/:id/read',
    adminRoute('chats', 'Mark the incoming messages read; answers the conversation with unreadCount 0', {
      access: 'chats.answer',
      params: idParamsSchema,
      ok: contract.conversationRowSchema,
      errors: [404],
    }),
    async (request) => chats.markRead(request.params.id),
  );
};
