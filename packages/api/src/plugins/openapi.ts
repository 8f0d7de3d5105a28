import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Permission } from '@backoffice/contracts';

type SwaggerTransform = typeof jsonSchemaTransform;
type SwaggerTransformObject = typeof jsonSchemaTransformObject;
type Json = Record<string, unknown>;

const RESPONSE_DESCRIPTIONS: Record<string, string> = {
  200: 'Sucesso.',
  201: 'Criado.',
  202: 'Aceito; o processamento continua em segundo plano.',
  204: 'Sucesso, sem conteúdo.',
  302: 'Redireciona (cabeçalho `location`).',
  400: 'Dados inválidos; `error.details` lista o problema de cada campo.',
  401: 'Sem sessão válida: token ausente, inválido ou expirado.',
  403: 'Sem permissão: perfil, tipo de conta ou módulo de acesso.',
  404: 'Não encontrado (inclusive quando pertence a outra conta).',
  409: 'Conflito com o estado atual.',
  413: 'Corpo da requisição grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  422: 'Regra de negócio não atendida.',
  429: 'Muitas requisições; tente de novo após `retry-after` segundos.',
  503: 'Serviço indisponível.',
};

/**
 * Per route: public operations say so (`security: []`), and a trailing slash is dropped from the
 * documented path (the router ignores it). The responses are the route's own schema's, all of
 * them: lib/route.ts `documentedResponses` lists every status a route answers (429 included).
 */
const transform: SwaggerTransform = (input) => {
  const permission = (input.route.config as { permission?: Permission } | undefined)?.permission;
  const schema = input.schema as (FastifySchema & { hide?: boolean }) | undefined;
  const prepared = schema && permission?.kind === 'public' && !schema.hide ? { ...schema, security: [] } : schema;
  const out = jsonSchemaTransform({ ...input, schema: prepared as never });
  return { ...out, url: out.url.length > 1 ? out.url.replace(/\/+$/, '') : out.url };
};

/** The document as a whole: response descriptions, and no component that nothing refers to. */
const transformObject: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as Json & { paths?: Record<string, Record<string, Json>>; components?: Json };
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        if (response.description === 'Default Response') response.description = RESPONSE_DESCRIPTIONS[status] ?? 'Resposta.';
      }
    }
  }
  pruneUnusedSchemas(doc);
  return doc as ReturnType<SwaggerTransformObject>;
};

/** Drops `components.schemas` entries not reachable from any operation (zod emits input and output twins). */
function pruneUnusedSchemas(doc: Json & { components?: Json }) {
  const schemas = doc.components?.schemas as Record<string, unknown> | undefined;
  if (!schemas) return;
  const used = new Set<string>();
  const prefix = '#/components/schemas/';
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(prefix)) {
        const name = decodeURIComponent(value.slice(prefix.length));
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(doc.paths);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

/** `/openapi.json` (OpenAPI 3.1, generated from the contracts' zod schemas) and docs at `/docs`. */
export default fp<{ version: string }>(
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
        // The server that serves this document (and /docs): right whatever address or port it listens on.
        servers: [{ url: '/', description: 'Este servidor' }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // The routes whose contract has `apiKeyScope` (lib/route.ts) list it beside bearerAuth.
            integrationKey: {
              type: 'apiKey',
              in: 'header',
              name: 'x-api-key',
              description: 'Chave de integração da conta (Configurações › Chaves de integração): age como quem a criou, nas rotas que a aceitam.',
            },
          },
        },
        tags: [
          { name: 'Auth', description: 'Login, senha e recuperação de acesso' },
          { name: 'Users', description: 'Usuários, convites e perfil' },
          { name: 'Account', description: 'Conta atual, troca de conta e módulos de acesso' },
          { name: 'Promotions', description: 'Promoções, cupons e suas ações' },
          { name: 'Flyers', description: 'Encartes promocionais, suas ações e o envio de mídia' },
          { name: 'Trade', description: 'Acordos de trade marketing entre indústria e varejista: fluxo de aprovação, fotos de execução e resultados' },
          { name: 'Catalog', description: 'Produtos do catálogo e lojas, para seletores' },
          { name: 'Wallets', description: 'Carteiras de retail media: saldo, movimentos e recarga' },
          { name: 'Ads', description: 'Anúncios de retail media: criativos, mídia, revisão do publisher e métricas' },
          { name: 'Campaigns', description: 'Campanhas de retail media: lista, criação, edição, palavras-chave, produtos, tags e histórico' },
          { name: 'Audiences', description: 'Audiências de retail media: proposta, aprovação com preço, rejeição e atributos de clientes' },
          { name: 'Retail media configuration', description: 'Configuração do publisher: tipos de anúncio, termos, objetivos, formatos, anunciantes vinculados, publishers e sub-publishers' },
          { name: 'Ad events', description: 'Beacons de anúncios servidos: impressão, visualização e clique (links assinados, sem login)' },
          { name: 'Ad decisions', description: 'API de decisão de anúncios (RMA) do publisher e suas chaves de API' },
          { name: 'Retail media reports', description: 'Relatórios de retail media por período (São Paulo) e seus downloads em CSV e XLSX' },
          { name: 'Operators', description: 'Operadores das lojas: separadores, entregadores (com veículo) e gerentes de loja' },
          { name: 'Locations', description: 'Lojas: cadastro, tipos de atendimento, usuários por loja e geocodificação de endereços' },
          { name: 'Regions', description: 'Regiões de entrega das lojas (polígonos no mapa, taxa, pedido mínimo e prazo) e a busca de quem entrega num ponto' },
          { name: 'Slots', description: 'Janelas de entrega e retirada das lojas (grade semanal, datas reserváveis com vagas) e dias sem expediente' },
          { name: 'Product imports', description: 'Importação do catálogo: planilhas CSV/XLSX e carga em lote do ERP por SKU, com progresso e linhas rejeitadas' },
          { name: 'Customers', description: 'Clientes: cadastro, endereços com a loja que atende, exportação e anonimização (LGPD) e painel' },
          { name: 'Shopping carts', description: 'Carrinhos montados a partir da lista de compras do cliente: revisão, aprovação, envio do link e métricas de abandono' },
          { name: 'Orders', description: 'Pedidos: entrada do e-commerce da loja e de carrinhos aprovados, lista, quadro por status, linha do tempo e a máquina de estados' },
          { name: 'Dashboard', description: 'Dados do dashboard de vendas: cartões, GMV e margem por dia, produtos e clientes que mais venderam, sempre com o período de comparação' },
          { name: 'Analytics', description: 'Dashboards de analytics (Metabase): sell-out e clientes do supermercado, atendimento, e para a indústria árvore de KPIs, sell-out, estoque e consumidores das suas marcas, sempre em agregados' },
          { name: 'Integration keys', description: 'Chaves de integração da conta: o e-commerce da loja cria pedidos com x-api-key, agindo como quem criou a chave' },
          { name: 'ERP integration', description: 'Integração com o ERP do varejista: lotes de produtos, ofertas por loja e clientes (idempotentes por batch_id, aplicados linha a linha em segundo plano) e avisos assinados (HMAC) de mudança de status dos pedidos' },
          { name: 'Payments', description: 'Hub de pagamentos: formas de pagamento (online e na entrega) e sua configuração por conta e por loja' },
          { name: 'Delivery hub', description: 'Hub de entregas: entregadores por um provedor (o simulador local por padrão), webhooks assinados que movem o pedido, cancelamento e o painel de entregas' },
          { name: 'WhatsApp', description: 'Canal WhatsApp: webhook assinado da Cloud API, o número da conta e o simulador em que a equipe escreve como cliente' },
          { name: 'Chats', description: 'Atendimento por WhatsApp: conversas, atendentes e distribuição automática, etiquetas, modelos de chat, o fluxo do robô e os dashboards de atendimento' },
          { name: 'Messaging campaigns', description: 'Campanhas de mensagens por WhatsApp: templates aprovados pelo provedor, campanhas a clientes que aceitam mensagens, envio por jobs, cancelamento, dashboards e os templates de notificação de pedidos' },
          { name: 'TV devices', description: 'TVs de digital signage: registro e heartbeat do aparelho pelo seu token, página de ativação, ativação para uma loja, lista com online/offline e remoção' },
          { name: 'System', description: 'Saúde e informações da aplicação' },
        ],
      },
      transform,
      transformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', dependencies: ['security'] },
);
