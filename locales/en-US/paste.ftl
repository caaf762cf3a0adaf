# Pasting a log on the web (en-US).
web-paste-summary = Got an error? Paste the log
web-paste-label = The log (its last lines hold the error; up to 64 KB)
web-paste-question = Your model and card (optional)
web-paste-placeholder = qwen3 14b on a 4080
web-paste-bad-json = The body must be JSON like {"{"}"q": "your question or log", "lang": "en"{"}"}.
