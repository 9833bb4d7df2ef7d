import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { KYC_PROVIDER_STATUSES } from '@skillduel/contracts';
import type { FastifyInstance } from 'fastify';
import { IdentityProvider } from './identity-provider';
import { KycService } from './kyc.service';
import { SandboxIdentityProvider } from './sandbox-identity-provider';

const REFERENCE_PATTERN = /^sbx_[A-Za-z0-9_-]{10,60}$/;

/** The page's script (a file of its own: the Content-Security-Policy allows no inline script). */
const PAGE_SCRIPT = `
const form = document.getElementById('outcome');
const result = document.getElementById('result');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const status = event.submitter ? event.submitter.value : 'approved';
  const dob = document.getElementById('dob').value;
  const body = dob ? { status, date_of_birth: dob } : { status };
  const response = await fetch('/api/kyc/sandbox/' + encodeURIComponent(form.dataset.reference) + '/outcome', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  result.textContent = response.ok
    ? 'Sent: the sandbox is delivering a signed "' + status + '" webhook. You can go back to SkillDuel (your profile shows the result).'
    : 'Refused (' + response.status + ').';
});
`;

function page(reference: string | null): string {
  const buttons = KYC_PROVIDER_STATUSES.map(
    (status) =>
      `<button type="submit" name="status" value="${status}" data-testid="kyc-sandbox-${status}">${status}</button>`,
  ).join('\n');
  const body =
    reference === null
      ? '<p role="alert">Unknown verification link.</p>'
      : `<p>This page stands in for the identity provider's hosted flow. Pick the outcome the provider reports.</p>
<form id="outcome" data-reference="${reference}">
<label>Date of birth read from the document (empty: the declared one) <input id="dob" type="date"></label>
<div>${buttons}</div>
</form>
<p id="result" role="status"></p>
<p><a href="/profile" data-testid="kyc-sandbox-back">Back to SkillDuel</a></p>
<script src="/kyc/sandbox-page.js"></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Identity check (sandbox)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>Identity check (sandbox)</h1>
${body}
</body></html>`;
}

/**
 * The sandbox provider's hosted flow, served by SkillDuel itself at /kyc/sandbox/{reference} (outside /api, like a
 * provider's own page): a plain server page, so it needs nothing from the web app's build. Registered only when the
 * sandbox is the provider.
 */
@Injectable()
export class SandboxHostedPage implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly provider: IdentityProvider,
    private readonly kyc: KycService,
  ) {}

  onModuleInit(): void {
    if (!(this.provider instanceof SandboxIdentityProvider)) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/kyc/sandbox-page.js', async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(PAGE_SCRIPT),
    );
    fastify.get<{ Params: { reference: string } }>('/kyc/sandbox/:reference', async (request, reply) => {
      const { reference } = request.params;
      const known = REFERENCE_PATTERN.test(reference) && (await this.kyc.sandboxInquiryExists(reference));
      return reply
        .status(known ? 200 : 404)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(known ? reference : null));
    });
  }
}
