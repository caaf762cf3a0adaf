# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = 你用中文提问，所以用中文回答
