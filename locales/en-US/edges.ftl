# Numbers past any amount or size the guide can mean (issue 32).
error-out-of-range = “{ $input }” is far larger than any budget, memory, model or context the guide can size. Write the number as you mean it, e.g. “under $2000” or “24 GB”.
