"""Parameter count from config fields; mirrors tests/it/catalog_params.rs."""
import math
def params(m):
    H=m['hidden_size']; L=m['num_hidden_layers']; V=m['vocab_size']; nh=m['num_attention_heads']; nkv=m['num_key_value_heads']
    hd=m.get('head_dim') or H//nh
    total = V*H*(1 if m['tie_word_embeddings'] else 2)
    st=m.get('state_layers')
    attn_layers = st['attention_layers'] if st else L
    if m.get('kv_lora_rank'):
        ql=m.get('q_lora_rank'); nope=m['qk_nope_head_dim']; rope=m['qk_rope_head_dim']; vd=m['v_head_dim']; kl=m['kv_lora_rank']
        q = H*ql+ql*nh*(nope+rope) if ql else H*nh*(nope+rope)
        attn = q + H*(kl+rope) + kl*nh*(nope+vd) + nh*vd*H
    else:
        attn = 2*H*nh*hd + 2*H*nkv*hd
    total += attn_layers*attn
    if st:
        k=st['kind']; g=lambda x: st.get(x) or 0
        if k=='mamba2':
            inner=g('mamba_n_heads')*g('mamba_d_head'); gn=max(g('mamba_n_groups'),1)*g('mamba_d_state')
            per = H*(2*inner+2*gn+g('mamba_n_heads')) + inner*H + (inner+2*gn)*g('mamba_d_conv')
        elif k=='mamba':
            inner=g('mamba_expand')*H; N=g('mamba_d_state'); r=math.ceil(H/16)
            per = H*2*inner + inner*g('mamba_d_conv') + inner*(r+2*N) + r*inner + inner*N + inner*H
        elif k=='gated_deltanet':
            keys=g('linear_num_key_heads')*g('linear_key_head_dim'); vals=g('linear_num_value_heads')*g('linear_value_head_dim')
            per = H*(2*keys+2*vals) + H*2*g('linear_num_value_heads') + (2*keys+vals)*g('linear_conv_kernel_dim') + vals*H
        elif k=='lightning':
            per = 5*H*nh*hd
        total += st['layers']*per
    plain = m.get('mlp')=='plain'
    mats = 2 if plain else 3
    moe=m.get('moe')
    if moe:
        E=moe['num_experts']; Ie=moe['expert_intermediate_size']; sh=moe.get('shared_experts',0)
        ml=moe['moe_layers']; dl=moe.get('dense_layers'); dl = (L-ml) if dl is None else dl
        total += ml*(E*mats*H*Ie + E*H + sh*mats*H*Ie) + dl*mats*H*m['intermediate_size']
    else:
        total += (m.get('mlp_layers') or L)*mats*H*m['intermediate_size']
    return total + (m.get('vision_params') or 0)
