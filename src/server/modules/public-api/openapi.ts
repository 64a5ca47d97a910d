import { errorBody } from "@shared/schemas/error";
import {
  createdHookDto,
  createHookInput,
  HOOK_LIMIT_REACHED,
  v1ListQuery,
  webhookEventLabels,
  webhookEventNames,
  webhookPayload,
} from "@shared/schemas/public-api";
import { z } from "zod";
import { resources } from "./resources";
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS } from "./webhook-delivery";

/*
 * GET /api/v1/openapi.json (issue 14 §2): OpenAPI 3.1, whose schema dialect is JSON Schema 2020-12, what
 * zod 4's toJSONSchema writes. Built once at start from the resource registry and the shared schemas, so
 * the document cannot list a route the API does not serve, nor describe a body it does not validate.
 */

type JsonObject = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): JsonObject => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  return json;
};

const json = (schema: JsonObject) => ({ content: { "application/json": { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, ...json(ref("Error")) });

/** "clients" → "Client": the component names of a resource. */
const singular = (path: string) => `${path[0]?.toUpperCase()}${path.slice(1, -1)}`;

const commonErrors = {
  "401": errorResponse("Jeton absent, inconnu ou révoqué."),
  "402": errorResponse("Le compte du jeton n'a pas réglé son inscription."),
};
const writeErrors = {
  ...commonErrors,
  "400": errorResponse("Données invalides (détail par champ dans issues)."),
  "403": errorResponse("Jeton en lecture seule."),
};
const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };

function listParameters() {
  const query = schemaOf(v1ListQuery, "input") as { properties: Record<string, JsonObject> };
  const descriptions: Record<string, string> = {
    limit: "Éléments par page.",
    cursor: "Le next_cursor de la page précédente.",
    offset: "Éléments à sauter (alternative au curseur).",
    updated_since: "Seulement ce qui a changé depuis cet instant (ISO 8601).",
  };
  return Object.entries(query.properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: descriptions[name],
    schema,
  }));
}

export function buildOpenApiDocument({ serverUrl }: { serverUrl: string }) {
  const schemas: Record<string, JsonObject> = {
    Error: schemaOf(errorBody, "output"),
    HookCreate: schemaOf(createHookInput, "input"),
    HookCreated: schemaOf(createdHookDto, "output"),
    WebhookPayload: schemaOf(webhookPayload, "output"),
  };
  const paths: Record<string, JsonObject> = {};

  for (const entry of resources) {
    const name = singular(entry.path);
    schemas[name] = schemaOf(entry.item, "output");
    schemas[`${name}List`] = {
      type: "object",
      properties: {
        items: { type: "array", items: ref(name) },
        next_cursor: { type: ["string", "null"], description: "null sur la dernière page." },
      },
      required: ["items", "next_cursor"],
    };
    const collection: JsonObject = {
      get: {
        operationId: `list${name}s`,
        tags: [entry.path],
        summary: `Liste : ${entry.description}`,
        parameters: listParameters(),
        responses: {
          "200": {
            description: "Une page, du plus ancien changement au plus récent.",
            ...json(ref(`${name}List`)),
          },
          ...commonErrors,
          "400": errorResponse("Paramètres invalides."),
        },
      },
    };
    const item: JsonObject = {
      get: {
        operationId: `get${name}`,
        tags: [entry.path],
        parameters: [idParameter],
        responses: {
          "200": { description: name, ...json(ref(name)) },
          ...commonErrors,
          "404": errorResponse(entry.notFoundMessage),
        },
      },
    };
    if (entry.create) {
      schemas[`${name}Create`] = schemaOf(entry.create.input, "input");
      collection.post = {
        operationId: `create${name}`,
        tags: [entry.path],
        requestBody: { required: true, ...json(ref(`${name}Create`)) },
        responses: {
          "201": { description: "Créé.", ...json(ref(name)) },
          ...writeErrors,
          "409": errorResponse("Refusé par une règle métier."),
        },
      };
    }
    if (entry.update) {
      schemas[`${name}Update`] = schemaOf(entry.update.input, "input");
      item.patch = {
        operationId: `update${name}`,
        tags: [entry.path],
        parameters: [idParameter],
        requestBody: { required: true, ...json(ref(`${name}Update`)) },
        responses: {
          "200": { description: "Modifié.", ...json(ref(name)) },
          ...writeErrors,
          "404": errorResponse(entry.notFoundMessage),
          "409": errorResponse("Refusé par une règle métier (ex. : facture déjà émise)."),
        },
      };
    }
    paths[`/${entry.path}`] = collection;
    paths[`/${entry.path}/{id}`] = item;
    for (const action of entry.actions ?? []) {
      const verb = `${action.name[0]?.toUpperCase()}${action.name.slice(1)}`;
      if (action.input) schemas[`${name}${verb}`] = schemaOf(action.input, "input");
      paths[`/${entry.path}/{id}/${action.name}`] = {
        post: {
          operationId: `${action.name}${name}`,
          tags: [entry.path],
          summary: action.summary,
          parameters: [idParameter],
          // A body whose every field is optional may be left out.
          ...(action.input
            ? {
                requestBody: {
                  required: !action.input.safeParse({}).success,
                  ...json(ref(`${name}${verb}`)),
                },
              }
            : {}),
          responses: {
            "200": { description: `${name} après l'action.`, ...json(ref(name)) },
            ...writeErrors,
            "404": errorResponse(entry.notFoundMessage),
            "409": errorResponse(
              "Refusé par une règle métier (ex. : devis déjà refusé, facture déjà émise).",
            ),
          },
        },
      };
    }
  }

  paths["/openapi.json"] = {
    get: {
      operationId: "getOpenApiDocument",
      tags: ["hooks"],
      summary: "Ce document (public, sans jeton).",
      security: [],
      responses: { "200": { description: "OpenAPI 3.1.", content: { "application/json": {} } } },
    },
  };
  paths["/hooks"] = {
    post: {
      operationId: "subscribeHook",
      tags: ["hooks"],
      summary: "Abonne une URL à un événement (REST hooks). Le secret n'est montré qu'ici.",
      requestBody: { required: true, ...json(ref("HookCreate")) },
      responses: {
        "201": { description: "Abonné.", ...json(ref("HookCreated")) },
        ...writeErrors,
        "409": errorResponse(HOOK_LIMIT_REACHED),
      },
    },
  };
  paths["/hooks/{id}"] = {
    delete: {
      operationId: "unsubscribeHook",
      tags: ["hooks"],
      parameters: [idParameter],
      responses: {
        "204": { description: "Désabonné." },
        ...writeErrors,
        "404": errorResponse("Abonnement introuvable."),
      },
    },
  };

  const signature = [
    "Chaque livraison est un POST JSON { id, event, created_at, data } avec les en-têtes Ardoise-Event,",
    'Ardoise-Delivery et Ardoise-Signature: t=<secondes Unix>,v1=<hex HMAC-SHA256(secret, t + "." + corps brut)>.',
    `Une réponse hors 2xx ou l'absence de réponse en ${DELIVERY_TIMEOUT_MS / 1000} s est réessayée (${MAX_ATTEMPTS} essais sur environ 17 h)`,
    "avec le même id d'événement ; un abonnement qui échoue à chaque essai est mis en pause.",
  ].join(" ");
  const webhooks = Object.fromEntries(
    webhookEventNames.map((event) => [
      event,
      {
        post: {
          summary: webhookEventLabels[event],
          description: signature,
          parameters: ["Ardoise-Event", "Ardoise-Delivery", "Ardoise-Signature"].map((header) => ({
            name: header,
            in: "header",
            required: true,
            schema: { type: "string" },
          })),
          requestBody: { required: true, ...json(ref("WebhookPayload")) },
          responses: { "200": { description: "Toute réponse 2xx accuse réception." } },
        },
      },
    ]),
  );

  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "API publique Ardoise",
      version: "1.0.0",
      description: [
        "Vos données Ardoise pour Zapier, Make, n8n ou vos scripts. Authentification : un jeton personnel",
        "(Intégrations → API et webhooks) dans l'en-tête Authorization: Bearer ard_…. Un jeton « read » lit,",
        "un jeton « write » lit et écrit. Les ressources sont en camelCase comme dans l'application ; les champs",
        "du protocole (updated_since, next_cursor, target_url, created_at) en snake_case. Montants en centimes.",
      ].join(" "),
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerToken: [] }],
    tags: [
      ...resources.map((entry) => ({ name: entry.path, description: entry.description })),
      { name: "hooks", description: signature },
    ],
    paths,
    webhooks,
    components: {
      schemas,
      securitySchemes: {
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "Jeton personnel ard_… créé dans Intégrations.",
        },
      },
    },
  };
}
