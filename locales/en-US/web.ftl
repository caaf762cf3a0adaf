# Guide server (en-US): the words of the web pages around answers, guides and the catalog.

web-lang-name = English
web-language = Language
web-nav-ask = Ask
web-nav-compare = Compare GPUs
web-nav-guide = Guide
web-nav-models = Models
web-nav-gpus = GPUs
web-footer = Estimates from model architectures and GPU specs, not measurements: leave some headroom. Every figure in the catalog lists its sources.

web-ask-title = How much GPU memory does it need?
web-ask-heading = How much GPU memory does your LLM need?
web-ask-label = Your question
web-ask-placeholder = llama 70b fp16
web-ask-button = Estimate
web-ask-hint = Name a model or a size (13b), and optionally a precision, context length, GPU and mode (inference, LoRA, QLoRA, full fine-tune).
web-ram-label = RAM bandwidth (GB/s, optional)
web-ram-field-hint = Sets the speed of layers offloaded to CPU RAM: dual-channel DDR4-3200 gives about 51, dual-channel DDR5-5600 about 90, an 8-channel DDR5-4800 server about 307.
web-ram-hint = Is your RAM faster or slower? Enter its bandwidth in the “RAM bandwidth” field under the question box for your own offload speeds.
web-ask-examples = Try one of these

web-bar-caption = { $needed } GiB needed per GPU; one { $gpu } has { $capacity } GiB
web-bar-caption-none = { $needed } GiB needed per GPU: no GPU in the catalog holds that much
web-bar-capacity = GPU memory
web-details-title = How the estimate compares
web-guides-title = Read more in the guide
web-json-link = This answer as JSON

web-compare-title = Compare GPUs
web-compare-label = GPUs, separated by commas
web-compare-button = Compare

web-guide-title = Guide
web-guide-intro = Short explanations of what fills GPU memory, how precision and quantization change it, and how to choose hardware.
web-guide-more = Other topics

web-models-title = Models
web-models-intro = The models vramguide knows, with the architecture sources its estimates come from.
web-gpus-title = GPUs
web-gpus-intro = The GPUs vramguide knows, with the spec sheets and articles their figures come from.
web-col-model = Model
web-col-family = Family
web-col-params = Parameters (billions)
web-col-context = Max context (tokens)
web-col-license = License
web-col-sources = Sources
web-col-gpu = GPU
web-col-vendor = Vendor
web-col-memory = Memory
web-col-bandwidth = Bandwidth
web-col-fp16 = FP16/BF16 TFLOPS (dense, FP32 accumulate)
web-col-price = Price

web-not-found-title = Page not found
web-not-found-body = There is nothing at this address. Ask your question here, or pick a guide topic below.
web-rate-limited = Too many requests from your address. Try again in { $seconds } s.
web-busy = The server is busy drawing charts. Try again in { $seconds } s.
web-too-many-connections = Too many connections right now. Try again in { $seconds } s.
web-too-long = That question is too long: at most { $max } characters, please.
web-missing-parameter = The parameter “{ $name }” is missing.
web-value-too-long = The parameter “{ $name }” is too long: at most { $max } characters.
web-too-many-gpus = Compare at most { $max } GPUs at a time.
web-bad-request = This request could not be read. Check the address and its parameters.
web-method-not-allowed = This address only answers GET requests.
web-timeout = The request took too long and was stopped.
web-body-too-large = The request is too large: a pasted log can be up to 64 KB. Paste its last lines, where the error is.
web-internal-error = Something went wrong on our side. Please try again.

# The answer's first screen, and the copy button of the launch line.
web-verdict-fits = Fits
web-verdict-tight = Tight: may not fit
web-verdict-no = Does not fit
web-verdict-estimate = Estimate
web-copy = Copy
web-copied = Copied
web-fit-models-title = Models that run, largest first
web-buy-setups-title = Setups within the budget, fastest first
web-buy-cards-title = Cards within the budget, most memory first
