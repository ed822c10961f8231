/**
 * Permission policy (docs/design.md §3): `auto`, `confirmar` or `denegar` per tool; a tool absent from the
 * policy — or given any other value — is denied. A sensitive tool (effect level 3) is never run
 * without the owner: `auto` for it is raised to `confirmar`, in code, whatever the configuration says.
 */
import type { EffectLevel, Permission, PermissionPolicy, ToolDefinition } from './contract.js';

/** The default policy of the five tools (docs/design.md §3 table). */
export const DEFAULT_POLICY: PermissionPolicy = Object.freeze({
  buscar_notas: 'auto',
  crear_tarjetas: 'auto',
  proponer_tarjetas: 'auto',
  registrar_uso: 'auto',
  generar_portada: 'confirmar',
  narrar_resumen: 'confirmar',
});

/** The policy built from each tool's own `defaultPermission` (used when none is configured). */
export function policyFromTools(tools: Iterable<Pick<ToolDefinition<never>, 'name' | 'defaultPermission'>>): PermissionPolicy {
  const out: Record<string, Permission> = {};
  for (const t of tools) out[t.name] = t.defaultPermission;
  return Object.freeze(out);
}

/** The permission that applies to a call of `tool` (absent or unknown value → `denegar`). */
export function permissionFor(policy: PermissionPolicy, tool: string, effect: EffectLevel): Permission {
  const p = Object.hasOwn(policy, tool) ? policy[tool] : undefined;
  if (p !== 'auto' && p !== 'confirmar' && p !== 'denegar') return 'denegar';
  if (p === 'auto' && effect >= 3) return 'confirmar';
  return p;
}
