-- wrk script: every request asks a different question (a context of 1..60000 tokens), so
-- the guide server's answer cache misses and each answer is worked out from scratch.
local models = {"llama+70b+fp16", "qwen+32b+q4_k_m", "mixtral+8x7b+int4", "llama+3.1+8b+bf16"}
local n = 0
request = function()
  n = n + 1
  local model = models[(n % #models) + 1]
  local ctx = math.random(1, 60000)
  return wrk.format("GET", "/api/v1/ask?q=" .. model .. "+" .. ctx .. "+tokens")
end
