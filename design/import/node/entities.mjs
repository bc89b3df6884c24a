// entities.mjs MODULE: the ElectroDB entities (or OneTable models, or dynamodb-toolbox
// entities) a module exports, as sample
// items written by ElectroDB itself, printed as one JSON document in the shape
// of a NoSQL Workbench model (design/import/workbench.h reads it).
//
// The keys are code: ElectroDB builds them from an entity's composite
// attributes, lower-casing them by default and prefixing `$service#` and
// `$entity_version#`. So they are not re-implemented here: each entity puts
// two sample items through its own `put(...).params()`, and `sortkey design
// import` infers the templates from what ElectroDB wrote, its casing and
// unescaped values included, so that `sortkey design check` shows what that
// writing does to the keys.
//
// Exit status 0 with the model on standard output; 2 with one line on
// standard error when the module cannot be loaded or exports no entity.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

function fail(why) {
  process.stderr.write(`${String(why).split('\n')[0]}\n`);
  process.exit(2);
}

function isElectroEntity(v) {
  return v !== null && typeof v === 'object' && typeof v.put === 'function' &&
         v.schema && v.schema.model && v.schema.indexes && v.schema.attributes;
}

// Entities exported directly, in a Service (`service.entities`), or in an
// object of them.
function entitiesOf(mod) {
  const found = [];
  const seen = new Set();
  const visit = (v, depth) => {
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 3) return;
    seen.add(v);
    if (isElectroEntity(v)) { found.push(v); return; }
    if (v.entities && typeof v.entities === 'object') visit(v.entities, depth + 1);
    for (const k of Object.keys(v)) visit(v[k], depth + 1);
  };
  visit(mod, 0);
  return found;
}

// A value of attribute number `j` for sample item `i`: strings mixed-case so
// that a library's casing shows, all values distinct between attributes.
function sampleValue(attr, j, i) {
  const t = attr.type;
  if (Array.isArray(t)) return t[i % t.length];
  if (t === 'number') return 100 * (j + 1) + i;
  if (t === 'boolean') return i % 2 === 0;
  if (t === 'string' || t === undefined) {
    return `Xa${String.fromCharCode(65 + (j % 26))}${String.fromCharCode(65 + i)}`;
  }
  if (t === 'map') return {};
  if (t === 'list') return [];
  if (t === 'set') return [`s${i}`];
  return `v${j}${i}`;
}

function sampleInputs(entity) {
  const attrs = entity.schema.attributes;
  const names = Object.keys(attrs);
  const inputs = [];
  for (let i = 0; i < 2; i++) {
    const input = {};
    names.forEach((name, j) => { input[name] = sampleValue(attrs[name], j, i); });
    inputs.push(input);
  }
  return inputs;
}

// Each index of an entity is one of its access patterns: the Query ElectroDB
// sends for it given the partition key's composite attributes, as ElectroDB
// writes it for each sample item ("Samples": the key condition's values and
// the item they were built from).
function accessPatterns(entity, inputs) {
  const patterns = [];
  for (const [name, index] of Object.entries(entity.schema.indexes)) {
    if (!entity.query || typeof entity.query[name] !== 'function') continue;
    const samples = inputs.map((input, item) => {
      const given = Object.fromEntries(index.pk.composite.map((c) => [c, input[c]]));
      const p = entity.query[name](given).params();
      const v = p.ExpressionAttributeValues || {};
      const cond = p.KeyConditionExpression || '';
      const sort = cond.includes('begins_with(#sk1') ? 'begins_with'
                 : cond.includes('#sk1 = :sk1') ? 'eq' : '';
      return { Partition: v[':pk'], Sort: sort ? v[':sk1'] : undefined, SortOperator: sort, Item: item };
    });
    patterns.push({
      Name: name,
      IndexName: index.index || '',
      PartitionKey: index.pk.field,
      SortKey: (index.sk && index.sk.field) || '',
      Parameters: index.pk.composite,
      Samples: samples,
    });
  }
  return patterns;
}

// The attributes an entity declares, as Workbench 3.0 lists a table's
// (NonKeyAttributes: the saved name and the DynamoDB type), with "Values",
// the strings of a declared enum, so that the design holds every value the
// library accepts, not only the samples' (design/import/workbench.cc).
function declareAttributes(table, declared) {
  if (!table.NonKeyAttributes) table.NonKeyAttributes = [];
  for (const [name, kind, values] of declared) {
    if (table.NonKeyAttributes.some((a) => a.AttributeName === name)) continue;
    const a = { AttributeName: name, AttributeType: kind };
    if (kind === 'S' && Array.isArray(values) && values.length > 0 &&
        values.every((v) => typeof v === 'string')) {
      a.Values = values;
    }
    table.NonKeyAttributes.push(a);
  }
}

const kindOf = (t) => ({ string: 'S', number: 'N', boolean: 'BOOL', map: 'M', list: 'L', set: 'SS' })[t] || 'X';

function electroDeclared(entity) {
  return Object.entries(entity.schema.attributes).map(([name, attr]) => {
    const t = attr.type;
    return [attr.field || name, Array.isArray(t) ? 'S' : kindOf(t === undefined ? 'string' : t),
            Array.isArray(t) ? t : undefined];
  });
}

function keyAttribute(field) {
  return { AttributeName: field, AttributeType: 'S' };
}

function tableOf(entity, tables) {
  const name = (entity.config && entity.config.table) || 'Table';
  if (!tables.has(name)) {
    tables.set(name, { TableName: name, GlobalSecondaryIndexes: [], TableFacets: [] });
  }
  const table = tables.get(name);
  for (const [pattern, index] of Object.entries(entity.schema.indexes)) {
    const keys = { PartitionKey: keyAttribute(index.pk.field) };
    if (index.sk && index.sk.field) keys.SortKey = keyAttribute(index.sk.field);
    if (!index.index) {
      if (!table.KeyAttributes) table.KeyAttributes = keys;
    } else if (!table.GlobalSecondaryIndexes.some((g) => g.IndexName === index.index)) {
      table.GlobalSecondaryIndexes.push({ IndexName: index.index, KeyAttributes: keys });
    }
    void pattern;
  }
  return table;
}

function facetOf(entity) {
  const inputs = sampleInputs(entity);
  const model = entity.schema.model;
  const primary = Object.values(entity.schema.indexes).find((x) => !x.index) || {};
  const label = (k) => (k && k.composite ? `composite: ${k.composite.join(', ') || '(none)'}` : '');
  return {
    FacetName: model.entity,
    KeyAttributeAlias: { PartitionKeyAlias: label(primary.pk), SortKeyAlias: label(primary.sk) },
    NonKeyAttributes: Object.keys(entity.schema.attributes),
    TableData: inputs.map((input) => entity.put(input).params().Item),
    AccessPatterns: accessPatterns(entity, inputs),
  };
}

// OneTable: a Table whose schema names models; each model's keys are value
// templates ('account#${id}', '${number:6:0}') that OneTable expands itself.
function isOneTable(v) {
  return v !== null && typeof v === 'object' && typeof v.getModel === 'function' &&
         v.schema && v.schema.definition && v.schema.definition.models;
}

function oneTablesOf(mod) {
  return Object.values(mod).filter(isOneTable);
}

function oneTableValue(field, j, i) {
  const t = field.type;
  if (t === Number || t === 'number') return 100 * (j + 1) + i;
  if (t === Boolean || t === 'boolean') return i % 2 === 0;
  if (t === String || t === 'string' || t === undefined) {
    if (Array.isArray(field.enum) && field.enum.length) return field.enum[i % field.enum.length];
    return `Xa${String.fromCharCode(65 + (j % 26))}${String.fromCharCode(65 + i)}`;
  }
  return undefined;
}

async function oneTableModel(table, name, fields) {
  const model = table.getModel(name);
  const items = [];
  for (let i = 0; i < 2; i++) {
    const input = {};
    Object.entries(fields).forEach(([field, def], j) => {
      if (def.value !== undefined) return;
      const v = oneTableValue(def, j, i);
      if (v !== undefined) input[field] = v;
    });
    const cmd = await model.create(input, { execute: false, log: false });
    items.push(cmd.Item);
  }
  return {
    FacetName: name,
    KeyAttributeAlias: {},
    NonKeyAttributes: Object.keys(fields).filter((f) => fields[f].value === undefined),
    TableData: items,
  };
}

async function oneTableModels(table) {
  const def = table.schema.definition;
  const out = { TableName: table.name || 'Table', GlobalSecondaryIndexes: [], TableFacets: [] };
  for (const [name, index] of Object.entries(def.indexes || {})) {
    const keys = { PartitionKey: keyAttribute(index.hash) };
    if (index.sort) keys.SortKey = keyAttribute(index.sort);
    if (name === 'primary') out.KeyAttributes = keys;
    else if (index.type !== 'local') out.GlobalSecondaryIndexes.push({ IndexName: name, KeyAttributes: keys });
  }
  for (const [name, fields] of Object.entries(def.models)) {
    declareAttributes(out, Object.entries(fields).filter(([, f]) => f.value === undefined).map(([field, f]) => {
      const t = f.type;
      const kind = t === Number ? 'N' : t === Boolean ? 'BOOL' : t === Object ? 'M' : t === Array ? 'L'
                 : t === String || t === Date ? 'S' : kindOf(t);
      return [f.map || field, kind, f.enum];
    }));
    try {
      out.TableFacets.push(await oneTableModel(table, name, fields));
    } catch (e) {
      fail(`model ${name}: OneTable refused its sample item: ${e && e.message}`);
    }
  }
  return out;
}

// dynamodb-toolbox (v2): Entities over a Table, whose keys are computed by
// the entity (computeKey, a key attribute's savedAs and transforms, linked
// attributes): each entity writes its own sample items through its own
// PutItemCommand, so what the import reads is what the library writes,
// its entity and timestamp attributes (_et, _ct, _md) included.
function isToolboxEntity(v) {
  return v !== null && typeof v === 'object' && v.type === 'entity' && typeof v.build === 'function' &&
         v.schema && v.schema.type === 'item' && v.schema.attributes && v.table &&
         v.table.partitionKey;
}

function toolboxEntitiesOf(mod) {
  const found = [];
  const seen = new Set();
  const visit = (v, depth) => {
    if (v === null || typeof v !== 'object' || seen.has(v) || depth > 3) return;
    seen.add(v);
    if (isToolboxEntity(v)) { found.push(v); return; }
    for (const k of Object.keys(v)) visit(v[k], depth + 1);
  };
  visit(mod, 0);
  return found;
}

// The dynamodb-toolbox the module itself loads (its ES module entry), so that
// its commands are the same classes as the module's entities'.
async function toolboxLibrary() {
  const req = createRequire(path.resolve(source));
  const manifest = req.resolve('dynamodb-toolbox/package.json');
  const pkg = req(manifest);
  const dot = pkg.exports && pkg.exports['.'];
  const entry = (dot && dot.import && (dot.import.default || dot.import)) || pkg.module || pkg.main;
  return import(pathToFileURL(path.join(path.dirname(manifest), entry)).href);
}

// An attribute the library fills itself (a default, a link): not given.
function toolboxFills(attr) {
  const p = attr.props || {};
  return ['putDefault', 'putLink', 'keyDefault', 'keyLink', 'default', 'link'].some((k) => p[k] !== undefined);
}

function toolboxValue(attr, j, i) {
  const p = attr.props || {};
  if (Array.isArray(p.enum) && p.enum.length) return p.enum[i % p.enum.length];
  switch (attr.type) {
    case 'string': return `Xa${String.fromCharCode(65 + (j % 26))}${String.fromCharCode(65 + i)}`;
    case 'number': return 100 * (j + 1) + i;
    case 'boolean': return i % 2 === 0;
    case 'binary': return new Uint8Array([j, i]);
    case 'set': return new Set([attr.elements && attr.elements.type === 'number' ? i : `s${i}`]);
    case 'list': return [];
    case 'null': return null;
    case 'anyOf': return attr.elements && attr.elements.length ? toolboxValue(attr.elements[0], j, i) : `v${j}${i}`;
    case 'map': {
      const out = {};
      Object.entries(attr.attributes || {}).forEach(([k, a], n) => {
        if (!toolboxFills(a)) out[k] = toolboxValue(a, j * 31 + n, i);
      });
      return out;
    }
    case 'record': return {};
    default: return `v${j}${i}`;
  }
}

const toolboxKeyType = (t) => (t === 'number' ? 'N' : t === 'binary' ? 'B' : 'S');

function toolboxTableOf(entity, tables) {
  const t = entity.table;
  let name = 'Table';
  try {
    name = (typeof t.getName === 'function' ? t.getName() : t.tableName) || name;
  } catch { /* a name given only at run time */ }
  if (typeof name !== 'string') name = 'Table';
  if (!tables.has(name)) {
    const keys = { PartitionKey: { AttributeName: t.partitionKey.name, AttributeType: toolboxKeyType(t.partitionKey.type) } };
    if (t.sortKey) keys.SortKey = { AttributeName: t.sortKey.name, AttributeType: toolboxKeyType(t.sortKey.type) };
    const gsis = Object.entries(t.indexes || {})
      .filter(([, x]) => x.type === 'global' && x.partitionKey)
      .map(([indexName, x]) => {
        const k = { PartitionKey: { AttributeName: x.partitionKey.name, AttributeType: toolboxKeyType(x.partitionKey.type) } };
        if (x.sortKey) k.SortKey = { AttributeName: x.sortKey.name, AttributeType: toolboxKeyType(x.sortKey.type) };
        return { IndexName: indexName, KeyAttributes: k };
      });
    tables.set(name, { TableName: name, KeyAttributes: keys, GlobalSecondaryIndexes: gsis, TableFacets: [] });
  }
  return tables.get(name);
}

function toolboxFacet(entity, PutItemCommand) {
  const attrs = Object.entries(entity.schema.attributes);
  const items = [];
  for (let i = 0; i < 2; i++) {
    const input = {};
    attrs.forEach(([name, attr], j) => {
      if (!toolboxFills(attr)) input[name] = toolboxValue(attr, j, i);
    });
    items.push(entity.build(PutItemCommand).item(input).params().Item);
  }
  const keys = [entity.table.partitionKey.name, entity.table.sortKey && entity.table.sortKey.name];
  return {
    FacetName: entity.entityName,
    KeyAttributeAlias: {},
    NonKeyAttributes: Object.keys(items[0] || {}).filter((a) => !keys.includes(a)),
    TableData: items,
  };
}

function libraryVersion(name) {
  try {
    return createRequire(path.resolve(source))(`${name}/package.json`).version;
  } catch {
    return '?';
  }
}

const source = process.argv[2];
if (!source) fail('usage: entities.mjs MODULE');
let mod;
try {
  mod = await import(pathToFileURL(path.resolve(source)).href);
} catch (e) {
  fail(`cannot load ${source}: ${e && e.message}`);
}
const oneTables = oneTablesOf(mod);
if (oneTables.length > 0) {
  const tables = [];
  for (const t of oneTables) tables.push(await oneTableModels(t));
  process.stdout.write(JSON.stringify({
    ModelName: path.basename(source).replace(/\.[^.]*$/, ''),
    ModelMetadata: { AWSService: 'Amazon DynamoDB', Version: `dynamodb-onetable ${libraryVersion('dynamodb-onetable')}` },
    DataModel: tables,
  }, null, 1) + '\n');
  process.exit(0);
}
const toolboxEntities = toolboxEntitiesOf(mod);
if (toolboxEntities.length > 0) {
  let library;
  try {
    library = await toolboxLibrary();
  } catch (e) {
    fail(`${source}: cannot load the dynamodb-toolbox it uses: ${e && e.message}`);
  }
  const tables = new Map();
  for (const entity of toolboxEntities) {
    try {
      const table = toolboxTableOf(entity, tables);
      table.TableFacets.push(toolboxFacet(entity, library.PutItemCommand));
      declareAttributes(table, Object.entries(entity.schema.attributes).map(([name, attr]) => [
        (attr.props && attr.props.savedAs) || name, kindOf(attr.type), attr.props && attr.props.enum]));
    } catch (e) {
      fail(`entity ${entity.entityName}: dynamodb-toolbox refused its sample item: ${e && e.message}`);
    }
  }
  process.stdout.write(JSON.stringify({
    ModelName: path.basename(source).replace(/\.[^.]*$/, ''),
    ModelMetadata: { AWSService: 'Amazon DynamoDB', Version: `dynamodb-toolbox ${libraryVersion('dynamodb-toolbox')}` },
    DataModel: [...tables.values()],
  }, (k, v) => (v instanceof Uint8Array ? { B: Buffer.from(v).toString('base64') } : v instanceof Set ? [...v] : v), 1) + '\n');
  process.exit(0);
}
const entities = entitiesOf(mod);
if (entities.length === 0) {
  fail(`${source} exports no ElectroDB entity (an Entity, or a Service), no OneTable Table and no dynamodb-toolbox Entity`);
}
const tables = new Map();
for (const entity of entities) {
  try {
    const table = tableOf(entity, tables);
    table.TableFacets.push(facetOf(entity));
    declareAttributes(table, electroDeclared(entity));
  } catch (e) {
    fail(`entity ${entity.schema.model.entity}: ElectroDB refused its sample item: ${e && e.message}`);
  }
}
const version = libraryVersion('electrodb');
process.stdout.write(JSON.stringify({
  ModelName: path.basename(source).replace(/\.[^.]*$/, ''),
  ModelMetadata: { AWSService: 'Amazon DynamoDB', Version: `electrodb ${version}` },
  DataModel: [...tables.values()],
}, null, 1) + '\n');
