"""Sets `hub_id` on every entry of data/models.json, and checks it (idempotent).

`hub_id` is the Hugging Face repo people serve for the entry (`vllm serve <hub_id>`): the
chat / instruct repo when the publisher released one, since that is what gets served.
Entries whose `sources` cite a huggingface.co/ORG/NAME config take that repo (their
architecture was read from it); the older entries, sourced from other projects' configs,
take the publisher's official repo below (spelling checked against vLLM docs, model cards
and configs that name it). Run: python3 data/gen/hub_ids.py
"""
import json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, '..', 'models.json')

# The entries with no huggingface.co source: the publisher's repo of the served model.
OFFICIAL_REPO = {
    'llama-2-7b': 'meta-llama/Llama-2-7b-chat-hf',
    'llama-2-13b': 'meta-llama/Llama-2-13b-chat-hf',
    'llama-2-70b': 'meta-llama/Llama-2-70b-chat-hf',
    'llama-3-8b': 'meta-llama/Meta-Llama-3-8B-Instruct',
    'llama-3-70b': 'meta-llama/Meta-Llama-3-70B-Instruct',
    'llama-3.1-8b': 'meta-llama/Llama-3.1-8B-Instruct',
    'llama-3.1-70b': 'meta-llama/Llama-3.1-70B-Instruct',
    'llama-3.1-405b': 'meta-llama/Llama-3.1-405B-Instruct',
    'llama-3.2-1b': 'meta-llama/Llama-3.2-1B-Instruct',
    'llama-3.2-3b': 'meta-llama/Llama-3.2-3B-Instruct',
    'llama-3.3-70b': 'meta-llama/Llama-3.3-70B-Instruct',
    'mistral-7b-v0.3': 'mistralai/Mistral-7B-Instruct-v0.3',
    'mixtral-8x7b': 'mistralai/Mixtral-8x7B-Instruct-v0.1',
    'mixtral-8x22b': 'mistralai/Mixtral-8x22B-Instruct-v0.1',
    'qwen2.5-0.5b': 'Qwen/Qwen2.5-0.5B-Instruct',
    'qwen2.5-1.5b': 'Qwen/Qwen2.5-1.5B-Instruct',
    'qwen2.5-3b': 'Qwen/Qwen2.5-3B-Instruct',
    'qwen2.5-7b': 'Qwen/Qwen2.5-7B-Instruct',
    'qwen2.5-14b': 'Qwen/Qwen2.5-14B-Instruct',
    'qwen2.5-32b': 'Qwen/Qwen2.5-32B-Instruct',
    'qwen2.5-72b': 'Qwen/Qwen2.5-72B-Instruct',
    # Qwen3's own repos are the hybrid thinking / chat models (no -Instruct suffix).
    'qwen3-0.6b': 'Qwen/Qwen3-0.6B',
    'qwen3-1.7b': 'Qwen/Qwen3-1.7B',
    'qwen3-4b': 'Qwen/Qwen3-4B',
    'qwen3-8b': 'Qwen/Qwen3-8B',
    'qwen3-14b': 'Qwen/Qwen3-14B',
    'qwen3-32b': 'Qwen/Qwen3-32B',
    'qwen3-30b-a3b': 'Qwen/Qwen3-30B-A3B',
    'qwen3-235b-a22b': 'Qwen/Qwen3-235B-A22B',
    'deepseek-v3': 'deepseek-ai/DeepSeek-V3',
    'deepseek-r1': 'deepseek-ai/DeepSeek-R1',
    'deepseek-r1-distill-qwen-1.5b': 'deepseek-ai/DeepSeek-R1-Distill-Qwen-1.5B',
    'deepseek-r1-distill-qwen-7b': 'deepseek-ai/DeepSeek-R1-Distill-Qwen-7B',
    'deepseek-r1-distill-llama-8b': 'deepseek-ai/DeepSeek-R1-Distill-Llama-8B',
    'deepseek-r1-distill-qwen-14b': 'deepseek-ai/DeepSeek-R1-Distill-Qwen-14B',
    'deepseek-r1-distill-qwen-32b': 'deepseek-ai/DeepSeek-R1-Distill-Qwen-32B',
    'deepseek-r1-distill-llama-70b': 'deepseek-ai/DeepSeek-R1-Distill-Llama-70B',
    'gemma-2-2b': 'google/gemma-2-2b-it',
    'gemma-2-9b': 'google/gemma-2-9b-it',
    'gemma-2-27b': 'google/gemma-2-27b-it',
    'gemma-3-1b': 'google/gemma-3-1b-it',
    'gemma-3-4b': 'google/gemma-3-4b-it',
    'gemma-3-12b': 'google/gemma-3-12b-it',
    'gemma-3-27b': 'google/gemma-3-27b-it',
    'phi-3-mini-4k': 'microsoft/Phi-3-mini-4k-instruct',
    'phi-3-medium-4k': 'microsoft/Phi-3-medium-4k-instruct',
    'phi-4': 'microsoft/phi-4',
    'gpt-neox-20b': 'EleutherAI/gpt-neox-20b',
    'bloom-176b': 'bigscience/bloom',
    'falcon-7b': 'tiiuae/falcon-7b-instruct',
    'falcon-40b': 'tiiuae/falcon-40b-instruct',
    'falcon-180b': 'tiiuae/falcon-180B-chat',
    'gpt-oss-20b': 'openai/gpt-oss-20b',
    'gpt-oss-120b': 'openai/gpt-oss-120b',
}

HF_SOURCE = re.compile(r'huggingface\.co/([^/\s]+/[^/\s]+)')
# The Hub's repo id rules (as src/query/hub_id.rs checks them).
PART = r'[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?'
REPO_ID = re.compile(rf'^{PART}/{PART}$')


def hub_id(m):
    """The entry's repo: the official one above, else the huggingface.co config it cites."""
    if m['id'] in OFFICIAL_REPO:
        return OFFICIAL_REPO[m['id']]
    for s in m.get('sources', []):
        found = HF_SOURCE.search(s)
        if found:
            return found.group(1)
    raise SystemExit(f"{m['id']}: no hub_id (add it to OFFICIAL_REPO)")


def with_hub_id(m):
    """The entry with `hub_id` right after `display_name` (a stable place in the file)."""
    out = {}
    for k, v in m.items():
        if k == 'hub_id':
            continue
        out[k] = v
        if k == 'display_name':
            out['hub_id'] = hub_id(m)
    return out


def check(models):
    seen = {}
    for m in models:
        h = m.get('hub_id')
        assert h and REPO_ID.match(h) and '--' not in h and '..' not in h, (m['id'], h)
        assert h.lower() not in seen, (m['id'], seen.get(h.lower()), h)
        seen[h.lower()] = m['id']


def apply(models):
    """Every entry with its hub_id, checked; the order of entries is kept."""
    out = [with_hub_id(m) for m in models]
    check(out)
    return out


if __name__ == '__main__':
    models = apply(json.load(open(PATH)))
    json.dump(models, open(PATH, 'w'), indent=2, ensure_ascii=False)
    open(PATH, 'a').write('\n')
    print(len(models), 'models, each with a hub_id')
