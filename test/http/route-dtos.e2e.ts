import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import request from 'supertest';
import { routeArgs } from '../../src/core/http/route-args';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Every handler that reads a body or a query declares it: a class-validator DTO for a whole body or
 * query (a bare JSON array body too: `@ArrayBody(Dto, { field })`), a typed value for a named query
 * parameter. A future handler taking `@Body() body: unknown` (or `any`, `Record<...>`, an interface:
 * all `Object` at run time; `number[]`: `Array`) fails here, read from Nest's own route metadata
 * (design:paramtypes of each @Body()/@Query() argument).
 *
 * LEGACY lists the handlers that still read a legacy shape by hand, each with its reason. The list
 * may only shrink: an entry that is no longer needed fails the last test.
 */
const LEGACY: Record<string, string> = {};

/** Run-time types that say nothing about the payload. */
const UNDECLARED = new Set<unknown>([Object, Array, undefined]);

interface Finding {
  handler: string;
  route: string;
  problem: string;
}

describe('every body and query is declared (Nest route metadata)', () => {
  let t: TestApp;
  let handlers: { name: string; route: string; args: ReturnType<typeof routeArgs> }[];

  beforeAll(async () => {
    t = await createTestApp({ redis: false });
    handlers = [];
    for (const mod of t.app.get(ModulesContainer).values()) {
      for (const wrapper of mod.controllers.values()) {
        const ctrl = wrapper.metatype as (new (...a: never[]) => object) | undefined;
        if (!ctrl || ctrl.name.startsWith('Probe')) continue;
        const base = String(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '');
        for (const key of Object.getOwnPropertyNames(ctrl.prototype)) {
          const fn = (ctrl.prototype as Record<string, unknown>)[key];
          if (key === 'constructor' || typeof fn !== 'function' || Reflect.getMetadata(PATH_METADATA, fn) === undefined) continue;
          const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
          handlers.push({
            name: `${ctrl.name}.${key}`,
            route: `${method} /${base}/${String(Reflect.getMetadata(PATH_METADATA, fn))}`.replace(/\/+/g, '/'),
            args: routeArgs(ctrl, key),
          });
        }
      }
    }
  });
  afterAll(() => t?.close());

  function findings(): Finding[] {
    const out: Finding[] = [];
    for (const h of handlers) {
      for (const a of h.args) {
        if (a.kind !== RouteParamtypes.BODY && a.kind !== RouteParamtypes.QUERY) continue;
        const what = a.kind === RouteParamtypes.BODY ? '@Body()' : `@Query(${a.data === undefined ? '' : JSON.stringify(a.data)})`;
        if (UNDECLARED.has(a.type)) out.push({ handler: h.name, route: h.route, problem: `${what} is not declared (unknown/any/Record)` });
        else if (a.data === undefined && typeof a.type === 'function' && ![String, Number, Boolean].includes(a.type as never)) {
          const rules = getMetadataStorage().getTargetValidationMetadatas(a.type as new () => object, '', true, false);
          if (!rules.length) out.push({ handler: h.name, route: h.route, problem: `${what} ${a.type.name} has no class-validator rules` });
        }
      }
    }
    return out;
  }

  it('reads the handlers from the running application', () => {
    expect(handlers.map((h) => h.name)).toEqual(
      expect.arrayContaining(['AuthController.login', 'InvoiceContactController.message', 'InvoiceMarksController.paid']),
    );
    expect(handlers.find((h) => h.name === 'AuthController.login')!.route).toBe('POST /api/auth/login');
  });

  it('no handler outside the legacy list reads an undeclared body or query', () => {
    expect(findings().filter((f) => !LEGACY[f.handler])).toEqual([]);
  });

  it('the legacy list holds no stale entry', () => {
    const flagged = new Set(findings().map((f) => f.handler));
    expect(Object.keys(LEGACY).filter((h) => !flagged.has(h))).toEqual([]);
  });

  it('the OpenAPI document describes each declared body (the DTO schema is referenced)', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } }>>;
    };
    const body = (path: string, method: string) => doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema.$ref;
    expect(body('/api/auth/login', 'post')).toBe('#/components/schemas/LoginDto');
    expect(body('/app/house/{houseRef}/invoiceMessage', 'post')).toBe('#/components/schemas/ContactDto');
    expect(body('/app/house/{houseRef}/invoiceGroup/{id}/bulkNote', 'post')).toBe('#/components/schemas/BulkNoteDto');
  });

  it('the OpenAPI document describes a bare array body and the documented queries declared by DTOs', async () => {
    const doc = (await request(t.server).get('/api/docs-json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: object }> } }>
      >;
    };
    const byInvoice = doc.paths['/app/house/{houseRef}/invoiceGroup/{id}/groupDetailInfoByInvoice'].post;
    expect(byInvoice.requestBody?.content['application/json'].schema).toMatchObject({ type: 'array', items: { type: 'integer' } });
    const query = (path: string) =>
      (doc.paths[path].get.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => p.name)
        .sort();
    expect(query('/app/house/{houseRef}/invoiceCatalogs')).toEqual(['page', 'size']);
    expect(query('/app/house/{houseRef}/invoiceGroups')).toEqual(['endDate', 'page', 'size', 'startDate']);
    expect(query('/app/house/{houseRef}/invoiceGroupSettings')).toEqual(['_', 'groupSettingsID']);
  });
});
