print("transcript-bench")
