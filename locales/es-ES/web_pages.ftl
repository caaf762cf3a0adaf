# The answer page when the question's words chose the language (no ?lang= or switcher choice).
web-answered-in-own = Respondido en español porque escribiste en español
