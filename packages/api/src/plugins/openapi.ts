import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** `/openapi.json` (OpenAPI 3.1, generated from the contracts' zod schemas) and docs at `/docs`. */
export default fp<{ version: string; appUrl: string }>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Varejo Back-office API',
          version: opts.version,
          description:
            'API do back-office de retail media e comércio alimentar. Erros seguem um envelope único ' +
            '`{ error: { code, message, details? }, requestId }`; mensagens em pt-BR (ou inglês com `Accept-Language: en`).',
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        servers: [{ url: opts.appUrl }],
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
        tags: [
          { name: 'Auth', description: 'Login, senha e recuperação de acesso' },
          { name: 'Users', description: 'Usuários, convites e perfil' },
          { name: 'Account', description: 'Conta atual, troca de conta e módulos de acesso' },
          { name: 'System', description: 'Saúde e informações da aplicação' },
        ],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
