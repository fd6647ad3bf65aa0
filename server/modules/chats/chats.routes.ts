// The chat screen's calls: conversations, their messages (polled with afterId), send, mark read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatMessageSchema,
  conversationListQuerySchema,
  conversationRowSchema,
  messageListQuerySchema,
  sendMessageRequestSchema,
} from '../../../src/contracts/chats';
import { errorSchema, idParamsSchema } from '../../../src/contracts/common';
import { TOTAL_COUNT_HEADER } from '../../../src/contracts/paging';

export const chatsRoutes: FastifyPluginAsyncZod = async (app) => {
  const chats = app.services.chats;

  app.get(
    '/api/admin/conversations',
    {
      schema: {
        tags: ['chats'],
        summary: 'Conversations, newest activity first: one page (q over listing title and user name, tab all|unread|declined)',
        security: [{ bearer: [] }],
        querystring: conversationListQuerySchema,
        response: { 200: z.array(conversationRowSchema), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await chats.listPage(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/conversations/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: 'Messages oldest first: the latest 200, or those after afterId (poll with the last id seen)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        querystring: messageListQuerySchema,
        response: { 200: z.array(chatMessageSchema), 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => chats.listMessages(request.params.id, request.query.afterId),
  );

  app.post(
    '/api/admin/conversations/:id/messages',
    {
      schema: {
        tags: ['chats'],
        summary: 'Send a message as the administrators; the text is stored exactly as sent',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: sendMessageRequestSchema,
        response: { 201: chatMessageSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const message = await chats.sendAdminMessage(request.params.id, request.body.text);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/admin/conversations/:id/read',
    {
      schema: {
        tags: ['chats'],
        summary: 'Mark the incoming messages read; answers the conversation with unreadCount 0',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        response: { 200: conversationRowSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => chats.markRead(request.params.id),
  );
};
